import Foundation
import NIOCore
import Wire

/// The first handler of the listening socket's pipeline: on an accept that fails for want of descriptors
/// (or memory) it pauses reading the listening socket instead of letting it spin, refuses the clients
/// waiting in the backlog with the reason, and resumes after `retry` or when a client connection closes.
final class AcceptGate: ChannelInboundHandler {
    typealias InboundIn = any Channel

    private let pressure: AcceptPressure
    private let reserve: ReserveDescriptor
    private let listener: CInt
    private let retry: TimeAmount
    private var paused = false
    private var retryTask: Scheduled<Void>?

    /// `listener` is the listening socket's descriptor (the reserve descriptor accepts on it while paused).
    init(pressure: AcceptPressure, listener: CInt, reserve: ReserveDescriptor, retry: TimeAmount = .seconds(1)) {
        self.pressure = pressure
        self.listener = listener
        self.reserve = reserve
        self.retry = retry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        pressure.onResume {
            loop.execute {
                let (gate, context) = bound.value
                gate.resume(context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError, AcceptPressure.isShortage(error) else {
            return context.fireErrorCaught(error)
        }
        pressure.failed(error)
        guard !paused else { return }
        paused = true
        try? context.channel.syncOptions?.setOption(.autoRead, value: false)
        let refusal = "refused: \(AcceptPressure.reason(error)); close some connections and retry"
        pressure.refused(reserve.refuseWaiting(on: listener, saying: refusal))
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        retryTask = context.eventLoop.scheduleTask(in: retry) {
            let (gate, context) = bound.value
            gate.resume(context: context)
        }
    }

    /// Reads the listening socket again: the next accept either succeeds or pauses once more.
    private func resume(context: ChannelHandlerContext) {
        guard paused, context.channel.isActive else { return }
        paused = false
        retryTask?.cancel()
        retryTask = nil
        reserve.replenish()
        try? context.channel.syncOptions?.setOption(.autoRead, value: true)
    }

    func channelInactive(context: ChannelHandlerContext) {
        retryTask?.cancel()
        retryTask = nil
        context.fireChannelInactive()
    }
}
