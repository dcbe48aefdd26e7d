/// How many element reads and index moves a collection saw.
final class OperationCounter {
    var count = 0
}

/// A collection that counts every element read and index move, its slices' too: tests bound
/// a parser's work in operations, not time.
struct CountingCollection<Base: BidirectionalCollection>: BidirectionalCollection {
    let base: Base
    let counter: OperationCounter

    var startIndex: Base.Index { base.startIndex }
    var endIndex: Base.Index { base.endIndex }

    subscript(position: Base.Index) -> Base.Element {
        counter.count += 1
        return base[position]
    }

    func index(after i: Base.Index) -> Base.Index {
        counter.count += 1
        return base.index(after: i)
    }

    func index(before i: Base.Index) -> Base.Index {
        counter.count += 1
        return base.index(before: i)
    }
}
