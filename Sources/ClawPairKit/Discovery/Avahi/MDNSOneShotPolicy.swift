/// When a one-shot browse may stop: at its deadline, or earlier once what it found has
/// settled and nothing new is arriving. Pure, so it is tested with made-up times.
struct MDNSOneShotPolicy {
    typealias Instant = ContinuousClock.Instant

    let startedAt: Instant
    let deadline: Instant
    var quietPeriod: Duration = MDNSBrowser.quietPeriod
    var firstAnswerWindow: Duration = MDNSBrowser.firstAnswerWindow

    /// The time the browse may end, given the table as it is now. It only moves later as
    /// activity arrives, and never past the deadline.
    ///
    /// Early only when every instance seen is announced (resolved with an address, or its
    /// grace passed) or failed, and either avahi-daemon said the browse has caught up
    /// (`AVAHI_BROWSER_ALL_FOR_NOW`, which `avahi-browse -rt` ends on: from a warm cache about
    /// 100 ms after the browse started) with every instance confirmed by the browse, or the
    /// answers to the first query have had time to arrive and nothing has changed for a quiet
    /// period (earlier than Avahi's event on a cold cache, which comes after about a second).
    /// With nothing seen, it waits for the deadline: "nothing yet" is not "nothing there".
    func finishTime(for table: MDNSServiceTable) -> Instant {
        guard table.isSettled, let lastActivity = table.lastActivity else { return deadline }
        if table.browseCaughtUp && table.everyInstanceBrowsed { return min(deadline, lastActivity) }
        return min(deadline, max(startedAt + firstAnswerWindow, lastActivity + quietPeriod))
    }
}
