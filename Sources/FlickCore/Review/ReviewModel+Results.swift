/// What the use cases the window runs (Apply Deletions, Export Likes, the
/// XMP ratings) ended with comes back through the model, as decisions do:
/// the dialog code runs the use case and hands the model its result; the
/// render pass shows it.
///
/// ```swift
/// model.finished(.applied(AppliedFiles(folder: "/clips", place: .trash, moved: 3, movedBytes: 1_800_000_000)))
/// // onChange(ReviewChange(result: .applied(…)))  → "Moved 3 files to the Trash, 1.8 GB freed."
/// ```
extension ReviewModel {
    /// Records `result` (`lastResult`) and publishes it once, in a pass of
    /// its own: asked during a render pass, it waits for that pass to end.
    public func finished(_ result: UseCaseResult) {
        guard runsNow({ self.finished(result) }) else { return }
        lastResult = result
        publish(ReviewChange(result: result))
    }
}
