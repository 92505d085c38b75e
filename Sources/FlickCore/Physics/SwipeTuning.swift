/// Every number that shapes how a swipe feels, with its unit and reason.
///
/// The defaults are Flick's tuned values; preferences may change the
/// thresholds at run time (the core reads them on every sample).
public struct SwipeTuning: Equatable, Sendable {
    /// Fraction of card width a horizontal drag must travel to commit.
    /// 35 %: far enough that a hesitant drag never decides by accident.
    public var horizontalCommitFraction = 0.35
    /// Fraction of card height a vertical drag must travel to commit.
    /// 25 %: cards are taller than wide, and vertical travel is shorter on screens.
    public var verticalCommitFraction = 0.25
    /// Release speed (px/s) toward a direction that commits a short flick.
    public var flingSpeed = 800.0
    /// Fraction of the card's size along the axis a fling must also travel
    /// (10 %): a fast twitch alone never commits.
    public var flingMinTravelFraction = 0.10
    /// Degrees either side of an axis within which a drag counts for that
    /// axis; diagonals beyond it are ambiguous and snap back.
    public var directionConeDegrees = 40.0
    /// Rotation (degrees) at a full card width of horizontal travel.
    public var maxRotationDegrees = 15.0
    /// Perspective lean (degrees) at a full card width/height of travel,
    /// for renderers that draw 3D transforms.
    public var maxTiltDegrees = 8.0
    /// Skew (degrees) of the 2D lean the cairo renderer draws instead.
    public var maxSkewDegrees = 2.0
    /// Extra scale of a lifted card at a full card width of travel (3 %).
    public var liftScale = 0.03
    /// Fraction of the threshold before the overlay starts to show (10 %),
    /// so a click's jitter shows nothing.
    public var overlayStartFraction = 0.10
    /// Rubber-band stiffness for unavailable directions (0.55, the constant
    /// platform scroll views use): higher feels stiffer.
    public var rubberBandConstant = 0.55
    /// Window (seconds) of samples the release velocity is computed over.
    public var velocityWindow = 0.100
    /// Damping ratio of the snap-back spring (0.75: a slight overshoot).
    public var springDampingRatio = 0.75
    /// Period (seconds) of the undamped snap-back spring; smaller is snappier.
    public var springResponse = 0.40
    /// Minimum fly-off speed (px/s) so a slow release still leaves briskly.
    public var minFlyOffSpeed = 1_500.0
    /// Longest a fly-off (and the next card's settle) may take, in seconds.
    public var maxFlyOffDuration = 0.350
    /// Vertical offset (px) of each card beneath the top one: with the scale
    /// step, a card of 500 px shows about 16 px below the one above it.
    public var stackOffset = 26.0
    /// Scale step of each card beneath the top one (4 % smaller per level).
    public var stackScaleStep = 0.04
    /// When true every transition is instant (GTK's animations are off).
    public var reducedMotion = false

    public init() {}

    /// The commit distance (px) along `direction` for a card of `size`.
    public func threshold(_ direction: SwipeDirection, card size: Size) -> Double {
        direction.isHorizontal ? horizontalCommitFraction * size.width : verticalCommitFraction * size.height
    }

    /// The card's extent (px) along `direction`'s axis.
    func extent(_ direction: SwipeDirection, card size: Size) -> Double {
        direction.isHorizontal ? size.width : size.height
    }
}
