// FlickApp — Flick's use cases, shared by the window and the command line.
// FlickCore, FlickStore and FlickMedia below it; no GTK, no wording.
//
//   ApplyDeletions   the files marked for deletion: checked, moved to the
//                    Trash (or "Flick Rejected") one at a time with
//                    progress and cancellation, settled into an ApplyResult
//   MovesSoFar       what a move has done so far, readable while it runs
//   ExportLikes      the liked clips as a playlist, copies or links, one
//                    stitched video, MLT and OTIO timelines, XMP ratings;
//                    each form's result says what was written and what was
//                    left out (LeftOut: the file and why)
//   LikesTimeline    the likes as editor timelines, from discovery
//   BetweenFiles     the pause a run takes between two files (none in
//                    production; tests inject one to act there)
//
// Callers: the window (`Dialogs/MainWindow+Apply`, `+Export`) and the
// commands (`CLI/ApplyCommand`, `ExportCommand`). They choose the words
// and show them; what is done, and in what order, is decided here once.
//
// Threading: every use case blocks its caller while it works on files;
// the window calls them off the main thread, the commands on their worker.
