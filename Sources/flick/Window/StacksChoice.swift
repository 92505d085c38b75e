/// Whether the window groups similar photos and clips into stacks: the
/// Preference "Group similar photos and clips" (`group-similar`), unless
/// the command line that opened the folder said `--no-stacks`. Off, the
/// analysis still runs (suggestions stay) with `stacks: false`, and the
/// deck shows every file alone.
@MainActor
enum StacksChoice {
    /// `flick --no-stacks FOLDER`: off for the folder that command line
    /// opened (the next command line says again).
    static var offByCommandLine = false

    /// Whether stacks are found for the folder opened now.
    static var isOn: Bool { Settings.shared.groupSimilar && !offByCommandLine }
}
