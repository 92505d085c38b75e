extension ReviewModel {
    /// Takes what the analysis found (or how far it is) and publishes it
    /// in a pass of its own. Sizes stay the deck's own: the files' sizes
    /// as last seen, whatever the analysis was given.
    public func setInsights(_ new: DeckInsights) {
        guard runsNow({ self.setInsights(new) }) else { return }
        var new = new
        new.bytes = insights.bytes
        guard new != insights else { return }
        let regrouped = new.groups != insights.groups
        let topWasStack = topStack != nil
        insights = new
        // A card that just became a stack shows its top member (of copies,
        // the original), as arriving at it would.
        var moved = false
        if regrouped {
            placeStacks()
            moved = !topWasStack && session.showCardTop()
        }
        followSuggestions()
        publish(ReviewChange(cursor: moved ? .jumped : nil, insights: true))
    }

    /// How far the analysis is, keeping what is known.
    public func setInsightsProgress(_ progress: DeckInsights.Progress) {
        var new = insights
        new.progress = progress
        setInsights(new)
    }

    /// Each clip's file size, by id (clips with no known file have none).
    static func sizes(of clips: [ReviewClip]) -> [Int64: Int64] {
        var sizes: [Int64: Int64] = [:]
        sizes.reserveCapacity(clips.count)
        for clip in clips {
            if let size = clip.identity?.size { sizes[clip.id] = size }
        }
        return sizes
    }
}
