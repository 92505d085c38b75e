// FlickApp — Flick's use cases, shared by the window and the command line.
// FlickCore, FlickStore, FlickMedia and GObjectKit (GIO through CGio)
// below it; no GTK, no wording.
//
//   ReviewedFolder   the folder under review: its store, scan and session,
//                    decisions recorded, files followed through a GIO
//                    monitor (FileMonitorEvents; events come through the
//                    GLib main context of the thread that watches)
//   DecisionRecorder the review model's sink: the folder's store, and the
//                    sidecars kept in step handed to the SidecarKeeper
//   EarlyScan        the folder named at start, scanned from process start
//   Subfolders       whether a folder's subfolders are listed
//   ApplyDeletions   the files marked for deletion: checked, moved to the
//                    Trash (or "Flick Rejected") one at a time with
//                    progress and cancellation, settled into an ApplyResult
//   MovesSoFar       what a move has done so far, readable while it runs
//   LivePhotoPairs   a still and its clip as one decision (FlickAnalysis'
//                    LivePhoto): Apply moves both or neither (PairHold:
//                    a half left, and why), Export copies both and puts
//                    the video in playlists, stitches and timelines
//   ExportLikes      the liked clips as a playlist, copies or links, one
//                    stitched video, MLT and OTIO timelines, XMP ratings;
//                    each form's result says what was written and what was
//                    left out (LeftOut: the file and why)
//   LikesTimeline    the likes as editor timelines, from discovery
//   BetweenFiles     the pause a run takes between two files (none in
//                    production; tests inject one to act there)
//
// Callers: the window (`Window/MainWindow`, `Dialogs/MainWindow+Apply`, `+Export`) and the
// commands (`CLI/ApplyCommand`, `ExportCommand`). They choose the words
// and show them; what is done, and in what order, is decided here once.
//
// Threading: every use case blocks its caller while it works on files;
// the window calls them off the main thread, the commands on their worker.
// ReviewedFolder and DecisionRecorder belong to the main actor (the
// window's main loop); EarlyScan scans on a thread of its own.
