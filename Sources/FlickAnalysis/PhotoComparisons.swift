/// How far the photo comparisons of one grouping went (`StackFinder`):
/// each stage is tried only by the pairs the one before let through, so
/// `fine` — the 32 × 32 grey pictures shifted and enlarged, about a
/// thousand times the cost of the others — is the figure that must stay
/// far below the number of pairs.
///
///     let found = StackFinder.find(items: items, analyses: analyses)
///     found.comparisons.fine  // 12: grey pictures searched in full
public struct PhotoComparisons: Sendable, Equatable {
    /// Photos whose print another photo before them shares exactly
    /// (`IdenticalPrints`): compared as that one, never on their own.
    public var identical = 0
    /// Pairs of prints close enough in time to be one moment (all pairs of
    /// an undated one), of the photos' distinct prints: each costs one
    /// hash comparison.
    public var pairs = 0
    /// … whose hashes differ in at most `PhotoPrint.maxShiftedDistance`
    /// bits and which were not already in one stack: compared further.
    public var candidates = 0
    /// … tried shifted on their 8 × 8 layouts.
    public var coarse = 0
    /// … tried shifted on their 16 × 16 layouts (the screen).
    public var middle = 0
    /// … searched in full on their 32 × 32 grey pictures: the expensive comparison.
    public var fine = 0

    public init() {}
}
