extension ReviewModel {
    /// Takes what the analysis now knows of the deck and publishes it.
    public func setInsights(_ insights: DeckInsights) {
        guard runsNow({ self.setInsights(insights) }) else { return }
        guard insights != self.insights else { return }
        self.insights = insights
        publish(ReviewChange(insights: true))
    }
}
