// flick — the executable: command line in CLI/, GTK app in App/.
//
//   main.swift ─▶ FlickCommand (ArgumentParser)
//                   └─ OpenCommand ─▶ FlickApplication (AdwApplication, single instance)
//                                        └─ MainWindow ─▶ DeckView (the cards)
FlickCommand.runMain()
