import Foundation
import HTTPTypes
import KataBasics
import KataRoomWire
import NIOCore
import NIOHTTPTypes

/// Sits on each connection after HTTP decoding and keeps a client from holding the room: it takes the connection's
/// slot (``ConnectionSlots``), refuses at once a request whose `Content-Length` is over the body limit (413, before
/// reading any of it), and ends a request whose body has not arrived within the body timeout (408). Waiting for a
/// request's head is bounded by Hummingbird's idle timeout.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What one connection may do.
    struct Limits: Sendable {
        /// The largest request body, in bytes.
        var maxBody: Int
        /// How long a request's body may take to arrive, from its head.
        var bodyTimeout: TimeAmount
        /// How long a refused connection's input is read and dropped before it is closed, so the client reads the
        /// refusal rather than a reset.
        var linger: TimeAmount = .seconds(2)
    }

    private let slots: ConnectionSlots
    private let limits: Limits
    private var slot: ConnectionSlots.Slot?
    /// Requests whose head, and whose end, have been read; answers begun and ended.
    private var heads = 0
    private var ends = 0
    private var answerHeads = 0
    private var answerEnds = 0
    private var bodyDeadline: Scheduled<Void>?
    /// Once the connection is refused, nothing more it sends is passed on.
    private var refused = false

    init(slots: ConnectionSlots, limits: Limits) {
        self.slots = slots
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { takeSlot(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        takeSlot(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseSlot()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        releaseSlot()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            heads += 1
            if let length = head.headerFields[.contentLength], (Int(length) ?? .max) > limits.maxBody {
                refuse(
                    context, .contentTooLarge,
                    "the request is larger than \(limits.maxBody) bytes; send fewer events at once")
                return
            }
            bodyDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: limits.bodyTimeout) {
                self.bodyDeadline = nil
                let seconds = self.limits.bodyTimeout.nanoseconds / 1_000_000_000
                self.refuse(context, .requestTimeout, "the request's body did not arrive within \(seconds) seconds")
            }
        case .body:
            break
        case .end:
            ends += 1
            bodyDeadline?.cancel()
            bodyDeadline = nil
            updateSlot()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A refused client that has stopped sending: nothing more to wait for.
        if refused, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head: answerHeads += 1
        case .body: break
        case .end:
            answerEnds += 1
            updateSlot()
        }
        context.write(data, promise: promise)
    }

    private func takeSlot(_ context: ChannelHandlerContext) {
        guard slot == nil, !refused else { return }
        slot = slots.take(context.channel)
        if slot == nil {
            refused = true
            context.close(promise: nil)
        }
    }

    private func releaseSlot() {
        bodyDeadline?.cancel()
        bodyDeadline = nil
        if let slot { slots.release(slot) }
        slot = nil
    }

    /// The room is answering a request it has read in full: that connection's slot is not taken back.
    private func updateSlot() {
        if let slot { slots.setAnswering(slot, ends > answerEnds) }
    }

    /// Answers the current request with `status` when no answer is under way (else just ends the connection), then
    /// stops reading: the output is shut, the input dropped for a moment, and the connection closed.
    private func refuse(_ context: ChannelHandlerContext, _ status: HTTPResponse.Status, _ message: String) {
        refused = true
        bodyDeadline?.cancel()
        bodyDeadline = nil
        guard answerHeads == heads - 1, answerEnds == heads - 1 else {
            context.close(promise: nil)
            return
        }
        let body = ByteBuffer(bytes: (try? RoomWire.encoder.encode(RoomWire.Problem(error: message))) ?? Data())
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: limits.linger) { context.close(promise: nil) }
    }
}
