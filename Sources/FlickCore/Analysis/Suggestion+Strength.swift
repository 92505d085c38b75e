/// How sure a reason is, which decides whether "Mark All Suggested…"
/// ticks a file by default.
///
/// - Strong: *dark* (nothing to see), *short* (under the short-clip
///   length: a tap on the record button), *copy* (the same bytes are kept
///   under another name). Wrong rarely, and costly to look through one by
///   one: ticked.
/// - Weak: *blurry* (a smooth sky, a night shot or an artistic blur can
///   look like missed focus) and *screenshot* (people keep receipts,
///   tickets and maps): unticked, for the user to tick.
///
/// A file with several reasons is ticked when any of them is strong.
/// Nothing here decides: the user confirms the list, and Apply moves
/// files only later.
extension Suggestion {
    /// The reasons that leave a file unticked, by name (`blurry` joins the
    /// analysis after `screenshot`: named by its raw value, so the rule
    /// holds before and after).
    static let weakReasons: Set<String> = ["blurry", "screenshot"]

    /// Whether this reason alone is too unsure to tick a file by default.
    public var isWeak: Bool { Self.weakReasons.contains(rawValue) }

    /// Whether a file with `reasons` is ticked by default in "Mark All
    /// Suggested…": any strong reason ticks it; none never does.
    public static func ticksByDefault(_ reasons: [Suggestion]) -> Bool {
        reasons.contains { !$0.isWeak }
    }
}
