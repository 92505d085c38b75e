import FlickStore
import Foundation

/// Whether a folder's subfolders are listed: the command line's flag when
/// given, else how the window last opened the folder (kept in the store),
/// so the window and the headless commands see the same deck.
public enum Subfolders {
    /// How the window lists `url`: as asked, else as it was last opened
    /// (the store, on a connection of its own: called off the main thread,
    /// as the store resolves the folder's path), else as `fallback` (the
    /// Include Subfolders preference) says.
    public static func listing(_ choice: Bool?, for url: URL, fallback: Bool) -> Bool {
        if let choice { return choice }
        if let remembered = (try? Store.openDefault().openedRecursively(at: url)) ?? nil { return remembered }
        return fallback
    }

    /// What the terminal is told when the listing is not the plain one: the
    /// remembered way taken, or a flag that differs from it.
    public static func note(flag: Bool?, remembered: Bool?) -> String? {
        switch (flag, remembered) {
        case (nil, true?):
            "Including subfolders, as Flick last opened this folder (--no-recursive lists only its own clips)."
        case (true?, false?):
            "--recursive: including subfolders, though Flick last opened this folder without them."
        case (false?, true?):
            "--no-recursive: leaving out subfolders, though Flick last opened this folder with them."
        default: nil
        }
    }
}
