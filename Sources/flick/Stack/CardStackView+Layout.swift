import CGtk
import FlickCore
import GtkKit

/// Drawing the stack: the frame clock works out the pose while something
/// moves (`render`), and the stage's layout pass sizes and places every card
/// from it (`layOut`), each the shape of its clip (FlickCore's StageLayout).
extension CardStackView {
    /// Runs on every frame but works only while something moves: it takes
    /// the pose for this frame and asks the stage to lay the cards out.
    func render() {
        // The status line says what letting go now would do, from the same
        // rule as the release (and the overlay's full strength).
        let hint = tracker.map { $0.resolution(at: $0.latestTime + max(MonotonicClock.now - sampleClock, 0)) }
        if hint != shownHint {
            shownHint = hint
            onDragHint(hint)
        }
        let moving = transition != nil || tracker != nil
        if moving != shownMoving {
            shownMoving = moving
            if moving { gtk_widget_add_css_class(stage.widget, "moving") } else { gtk_widget_remove_css_class(stage.widget, "moving") }
            for card in cards.values { card.setMoving(moving) }
            leaving?.setMoving(moving)
            shadow.shown = !moving
        }
        // Idle frames return here, before any pose is computed.
        guard moving || needsRender else { return }
        var forced = needsRender
        needsRender = false
        if let transition, transition.isFinished(at: MonotonicClock.now - transitionStart) {
            finishTransition()
            forced = true
        }
        // A frame where nothing moved (no pointer event since the last one)
        // draws nothing.
        let next = currentPose()
        guard forced || next.stack != pose.stack || next.flying != pose.flying else { return }
        pose = next
        for card in cards.values where card.clipID != model.top?.id { card.setOverlay(.none) }
        if pose.flying { leaving?.setOverlay(pose.stack.top.overlay) } else { topCard?.setOverlay(pose.stack.top.overlay) }
        gtk_widget_queue_allocate(stage.widget)
    }

    /// The stack's pose now: a transition's, a drag's, or at rest.
    private func currentPose() -> (stack: StackPose, flying: Bool) {
        if let transition {
            if case .flyOff = transition.kind { return (transition.pose(at: MonotonicClock.now - transitionStart), true) }
            return (transition.pose(at: MonotonicClock.now - transitionStart), false)
        }
        if let tracker {
            // What releasing now would do: the time since the latest sample counts.
            let now = tracker.latestTime + max(MonotonicClock.now - sampleClock, 0)
            return (tracker.pose(at: now), false)
        }
        return (poseModel.stack(offset: .zero, grabbedLowerHalf: false), false)
    }

    /// The stage's layout pass (GTK's layout phase, also on every resize):
    /// sizes each card to its clip's shape and places it by the pose.
    func layOut(width: Int32, height: Int32) {
        viewport = Size(Double(width), Double(height))
        let layout = self.layout
        let (stack, flying) = pose
        // The card the ones beneath tuck under: the leaving one while it flies.
        let reference = flying ? leaving : topCard
        let topSize = reference.map(size(of:)) ?? cardSize
        if let leaving {
            place(leaving, size: topSize, layout: layout, pose: flying ? stack.top : .rest)
        }
        // At rest the top card hides the middle of the cards beneath.
        let atRest = !flying && leaving == nil && stack.top == .rest
        let cover = atRest ? topCard.map { _ in Vector((layout.centre.x - topSize.width / 2).rounded(), (layout.centre.y - topSize.height / 2).rounded()) } : nil
        for (id, card) in cards {
            let own = size(of: card)
            if own != card.laidOutSize {
                card.laidOutSize = own
                Log.debug("card \(id) is \(Int(own.width))×\(Int(own.height)) on a \(Int(viewport.width))×\(Int(viewport.height)) stage", category: "stage")
                card.fit(frameFit(for: card))
            }
            let level = levels[id] ?? 0
            card.setBeneath(level > 0 || flying)
            if level <= 0 && !flying {
                card.setCovered(nil)
                card.peek.place(frame: nil, placement: nil)
                card.setPictureShown(true)
                place(card, size: own, layout: layout, pose: stack.top)
                continue
            }
            let index = flying ? level : level - 1
            let depthPose = index < stack.beneath.count ? stack.beneath[index] : (stack.beneath.last ?? DepthPose(offsetY: 0, scale: 1))
            let frame = layout.beneath(size: own, top: topSize, depth: poseModel.depth(of: depthPose))
            card.setCovered(cover.map { Self.cover(top: $0, size: topSize, beneath: frame, size: own) })
            let strip = cover.flatMap { Self.peek(top: $0, size: topSize, beneath: frame, size: own) }
            card.peek.place(frame: strip?.frame, placement: strip?.placement)
            card.setPictureShown(strip == nil)
            place(card, size: own, centre: frame.centre, scale: frame.scale)
        }
        leaving?.setBeneath(false)
        leaving?.setCovered(nil)
        leaving?.peek.place(frame: nil, placement: nil)
        leaving?.setPictureShown(true)
        // The top card's shadow, where the card rests (drawn only at rest).
        let resting = topCard.map { card -> (x: Int, y: Int, width: Int, height: Int) in
            let own = size(of: card)
            return (Int((layout.centre.x - own.width / 2).rounded()), Int((layout.centre.y - own.height / 2).rounded()),
                    Int(own.width), Int(own.height))
        }
        shadow.place(card: resting)
    }

    /// The top card's rectangle (origin `top`, `size`) in the coordinates of
    /// a card beneath it, less a pixel all round so no seam shows.
    static func cover(top: Vector, size: Size, beneath frame: (centre: Vector, scale: Double), size own: Size) -> CardCanvas.Cover {
        let scale = max(frame.scale, 0.01)
        let origin = frame.centre - Vector(own.width * scale / 2, own.height * scale / 2)
        return CardCanvas.Cover(x: (top.x + 1 - origin.x) / scale, y: (top.y + 1 - origin.y) / scale,
                                width: (size.width - 2) / scale, height: (size.height - 2) / scale,
                                corner: CardCanvas.radius / scale)
    }

    /// What shows of a card beneath the top card at rest (origin `top`,
    /// `size`): the strip from the top card's rounded bottom corners down
    /// to the card's bottom edge and its shadow, in stage pixels, and where
    /// the card lies in it. Nil when more of the card shows (above the top
    /// card's bottom corners or beside it): the card then draws itself.
    static func peek(top: Vector, size: Size, beneath frame: (centre: Vector, scale: Double), size own: Size)
        -> (frame: (x: Int, y: Int, width: Int, height: Int), placement: CardPeek.Placement)? {
        let width = own.width * frame.scale, height = own.height * frame.scale
        let left = frame.centre.x - width / 2, upper = frame.centre.y - height / 2
        let stripTop = top.y + size.height - CardCanvas.radius
        guard left >= top.x, left + width <= top.x + size.width, upper >= top.y + CardCanvas.radius,
              upper + height > stripTop else { return nil }
        let x = Int(left.rounded(.down)), y = Int(max(stripTop, upper).rounded(.down))
        let right = Int((left + width).rounded(.up))
        let bottom = Int((upper + height + CardPeek.shadowReach * frame.scale).rounded(.up))
        return ((x, y, right - x, bottom - y),
                CardPeek.Placement(x: left - Double(x), y: upper - Double(y), width: own.width, height: own.height, scale: frame.scale))
    }

    /// Places a top card by `pose`: to its centre, then rotate, skew and
    /// scale about it (2D only: the cairo renderer cannot draw 3D).
    private func place(_ card: CardView, size: Size, layout: StageLayout, pose: CardPose) {
        let centre = layout.centre + pose.translation
        guard pose.rotation != 0 || pose.skewX != 0 || pose.skewY != 0 || pose.scale != 1 else {
            place(card, size: size, centre: centre, scale: 1)
            return
        }
        var point = graphene_point_t(x: Float(centre.x), y: Float(centre.y))
        var back = graphene_point_t(x: Float(-size.width / 2), y: Float(-size.height / 2))
        var transform = gsk_transform_translate(nil, &point)
        transform = gsk_transform_rotate(transform, Float(pose.rotation))
        transform = gsk_transform_skew(transform, Float(pose.skewX), Float(pose.skewY))
        transform = gsk_transform_scale(transform, Float(pose.scale), Float(pose.scale))
        transform = gsk_transform_translate(transform, &back)
        allocate(card, size: size, transform: transform)
    }

    /// Places a card centred on `centre` at `scale`. At rest (scale 1) it is
    /// a whole-pixel offset, which the cairo renderer blits instead of
    /// resampling every video frame.
    private func place(_ card: CardView, size: Size, centre: Vector, scale: Double) {
        var transform: OpaquePointer?
        if scale == 1 {
            var offset = graphene_point_t(x: Float((centre.x - size.width / 2).rounded()), y: Float((centre.y - size.height / 2).rounded()))
            transform = gsk_transform_translate(nil, &offset)
        } else {
            var point = graphene_point_t(x: Float(centre.x), y: Float(centre.y))
            var back = graphene_point_t(x: Float(-size.width / 2), y: Float(-size.height / 2))
            transform = gsk_transform_translate(nil, &point)
            transform = gsk_transform_scale(transform, Float(scale), Float(scale))
            transform = gsk_transform_translate(transform, &back)
        }
        allocate(card, size: size, transform: transform)
    }

    /// Gives the card its size and transform (which GTK takes over).
    private func allocate(_ card: CardView, size: Size, transform: OpaquePointer?) {
        var minimumWidth: Int32 = 0, minimumHeight: Int32 = 0
        gtk_widget_measure(card.button.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
        gtk_widget_measure(card.button.widget, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, nil, nil, nil)
        gtk_widget_allocate(card.button.widget, max(Int32(size.width), minimumWidth), max(Int32(size.height), minimumHeight), -1, transform)
    }
}
