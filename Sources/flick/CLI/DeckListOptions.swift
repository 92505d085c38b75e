import ArgumentParser
import FlickCore

/// How a folder's deck is listed, as the window and the headless commands
/// both take it (`OpenOptions`, `FolderOptions`): with or without
/// subfolders, by name, by date or by size.
struct DeckListOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo,
          help: "Include clips in subfolders, or not (default: as Flick last opened the folder; else the window follows its preference, the commands leave them out).")
    var recursive: Bool?

    @Option(help: "Deck order: name (natural file-name order), date (modification time) or size (biggest first).")
    var order: DeckOrder = .name
}
