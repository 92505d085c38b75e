/// What a use case the window ran (Apply Deletions, Export Likes, the XMP
/// ratings) ended with, given to the review model (`ReviewModel.finished`)
/// and published once as `ReviewChange.result`: the render pass shows it
/// (a toast when all went well, a dialog naming what needs attention), the
/// same way a decision is shown. Figures are the model's; each line naming
/// a file and why is in the app's words, as `ReviewEvent.notSaved` is.
public enum UseCaseResult: Sendable, Equatable {
    /// Apply Deletions ran: what moved, what stayed and why.
    case applied(AppliedFiles)
    /// An export (or the XMP ratings) ran.
    case exported(ExportedLikes)
    /// A use case could not start, so nothing was done.
    case notStarted(NotStarted)
}
