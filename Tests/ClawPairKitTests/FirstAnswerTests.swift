import Testing
@testable import ClawPairKit

@Suite struct FirstAnswerTests {
    @Test func theFirstAnswerWinsAndLaterOnesAreDropped() async {
        let answer = FirstAnswer<Int>()
        let value = await answer.wait {
            answer.give(1)
            answer.give(2)
        }
        #expect(value == 1)
        answer.give(3)
    }

    @Test func anAnswerFromAnotherThreadWakesTheWaiter() async throws {
        let answer = FirstAnswer<String>()
        let value = await answer.wait {
            try? Syscalls.spawnDetachedThread { answer.give("thread") }
        }
        #expect(value == "thread")
    }

    @Test func anAnswerBeforeTheWaitIsKept() async {
        let answer = FirstAnswer<Int>()
        answer.give(7)
        var started = false
        let value = await answer.wait { started = true }
        #expect(value == 7)
        // Already answered: the racers are not started.
        #expect(!started)
    }
}
