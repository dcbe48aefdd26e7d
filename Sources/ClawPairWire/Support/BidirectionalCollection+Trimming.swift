extension BidirectionalCollection {
    /// The slice without the leading and trailing elements `isTrimmed` accepts, found in one
    /// pass in from each end, each element looked at once. (`dropLast()` in a loop is O(n)
    /// per call on a `Substring`: quadratic on a pasted `A]]]…]`.)
    func trimming(while isTrimmed: (Element) throws -> Bool) rethrows -> SubSequence {
        var start = startIndex
        while start != endIndex, try isTrimmed(self[start]) { start = index(after: start) }
        var end = endIndex
        while end != start {
            let before = index(before: end)
            guard try isTrimmed(self[before]) else { break }
            end = before
        }
        return self[start..<end]
    }
}
