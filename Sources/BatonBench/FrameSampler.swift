import Foundation

/// How a benchmark runs its frames.
enum FramePacing: Sendable, Equatable {
    /// Back to back in a tight loop: the bench is a CPU hog, every frame competes for a time slice with whatever
    /// else runs, and a frame that straddles a preemption counts the other task's whole slice.
    case tight
    /// One frame every `milliseconds` (a held key's repeat), the thread asleep between, as the suite's loop
    /// renders one frame per key press and otherwise waits in `poll`.
    case paced(milliseconds: Double)
}

/// One frame's timing: wall time from its start, the thread's CPU time inside it, and how late the thread woke
/// for it (zero in a tight loop).
struct FrameSample: Sendable {
    var wallMs: Double
    var cpuMs: Double
    var wakeLatenessMs: Double
}

/// Times frames by the monotonic clock and the calling thread's CPU clock, tight or paced.
///
/// Wall minus CPU time is what the frame waited (for a core, a page, the allocator's lock): under load it shows
/// whether a slow frame did more work or was preempted.
enum FrameSampler {
    /// Runs `frame(index)` `count` times and times each.
    static func sample(count: Int, pacing: FramePacing, frame: (Int) -> Void) -> [FrameSample] {
        var samples: [FrameSample] = []
        samples.reserveCapacity(max(count, 0))
        var deadline = now(CLOCK_MONOTONIC)
        for index in 0..<max(count, 0) {
            var lateness = 0.0
            if case .paced(let milliseconds) = pacing {
                deadline += milliseconds * 1_000_000
                sleep(until: deadline)
                lateness = max(0, now(CLOCK_MONOTONIC) - deadline) / 1_000_000
            }
            let wall = now(CLOCK_MONOTONIC)
            let cpu = now(CLOCK_THREAD_CPUTIME_ID)
            frame(index)
            let cpuNs = now(CLOCK_THREAD_CPUTIME_ID) - cpu
            let wallNs = now(CLOCK_MONOTONIC) - wall
            samples.append(FrameSample(wallMs: wallNs / 1_000_000, cpuMs: cpuNs / 1_000_000, wakeLatenessMs: lateness))
        }
        return samples
    }

    /// Nanoseconds on `clock`.
    private static func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1_000_000_000 + Double(time.tv_nsec)
    }

    /// Sleeps until `nanoseconds` on the monotonic clock (at once when it has passed).
    private static func sleep(until nanoseconds: Double) {
        var time = timespec(
            tv_sec: Int(nanoseconds / 1_000_000_000),
            tv_nsec: Int(nanoseconds.truncatingRemainder(dividingBy: 1_000_000_000)))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}
