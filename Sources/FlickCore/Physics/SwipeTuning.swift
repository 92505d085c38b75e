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
    /// Release speed toward a direction that commits a short flick, in
    /// card widths per second, so a phone flick and a desktop flick count
    /// alike (1.0: the 800 px/s Flick first used on the default window's
    /// 850 px card). Real flicks on a phone leave the finger at 2–13 widths/s
    /// (most of them; the touch study), a drag held still at 0.
    public var flingWidthsPerSecond = 1.0
    /// Travel along its direction every decision needs, as a fraction of
    /// the card's width (10 %): a fast twitch alone never commits, and a
    /// tap or a finger's wobble (under about 3 mm, 6 % of a phone's width)
    /// never decides whatever the swipe distance and the card's shape.
    public var minimumTravelFraction = 0.10
    /// Degrees either side of the diagonal where the offset alone is
    /// ambiguous (35°–55° off the horizontal): there the axis the whole
    /// motion travelled more along decides (a thumb's arc ends off-axis
    /// but travelled mostly sideways). Outside it the offset's larger
    /// component decides, so each axis claims up to 45° either side.
    public var diagonalBandDegrees = 10.0
    /// Degrees either side of its axis within which a leaving card keeps
    /// its release heading (beyond it, it flies straight along the axis).
    public var flyOffHeadingDegrees = 40.0
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
    /// Window (seconds, by the events' own timestamps) of samples the
    /// release velocity is fitted over (a least-squares line): long enough
    /// for 3–10 events at the 9–35 ms a touchscreen or pointer reports at,
    /// short enough to be the speed at release, not the drag's average.
    public var velocityWindow = 0.100
    /// A pointer that has not moved for this long (seconds) has stopped: its
    /// release speed is 0. As long as the velocity window, so the lift's
    /// own event (which repeats the last position 2–50 ms later) never
    /// cancels a flick, and a drag held still before letting go springs back.
    public var stillBeforeRelease = 0.100
    /// Most an overlay shows (0…1) while releasing now would spring back:
    /// half, so the jump to full strength when a release would decide is
    /// unmistakable.
    public var pendingOverlayIntensity = 0.5
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

    /// The fling speed in px/s on a card of `size`.
    public func flingSpeed(card size: Size) -> Double { flingWidthsPerSecond * size.width }

    /// The least travel (px) any decision needs on a card of `size`.
    public func minimumTravel(card size: Size) -> Double { minimumTravelFraction * size.width }
}
