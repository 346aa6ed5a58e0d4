import Foundation
import Logging
import NIOCore
import NIOTLS

/// The first handler of the listening socket's pipeline, the daemon's `AcceptGate` idea over TCP: NIO keeps a
/// failed accept's read pending, so at the descriptor limit `accept4` failed 46 787 times in 3 s (60 % of a
/// core) while a client waited in the backlog. On a failure for want of descriptors or memory the gate stops
/// reading the listening socket and tries again after `retry`; clients wait in the backlog meanwhile (a TLS
/// client could not read the daemon's refusal frame, so none is sent). Logged once per run of failures, with
/// their number when accepting works again.
final class APNsAcceptGate: ChannelInboundHandler {
    typealias InboundIn = any Channel

    private let retry: TimeAmount
    private let logger: Logger
    private var paused = false
    private var failedAccepts = 0
    private var retryTask: Scheduled<Void>?

    init(retry: TimeAmount, logger: Logger) {
        self.retry = retry
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if failedAccepts > 0 {
            logger.notice("accepting connections again", metadata: ["failedAccepts": "\(failedAccepts)"])
            failedAccepts = 0
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? IOError, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(error.errnoCode) else {
            return context.fireErrorCaught(error)
        }
        failedAccepts += 1
        if failedAccepts == 1 {
            logger.error("not accepting connections: \(error); retrying every \(retry.nanoseconds / 1_000_000) ms")
        }
        guard !paused else { return }
        paused = true
        try? context.channel.syncOptions?.setOption(.autoRead, value: false)
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
        retryTask = nil
        try? context.channel.syncOptions?.setOption(.autoRead, value: true)
    }

    func channelInactive(context: ChannelHandlerContext) {
        retryTask?.cancel()
        retryTask = nil
        context.fireChannelInactive()
    }
}

/// Closes a connection whose TLS handshake is not complete within `timeout` (a bare TCP connection, a
/// client that stalls mid-handshake); goes from the pipeline once the handshake completes.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent {
            deadline?.cancel()
            deadline = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }
}
