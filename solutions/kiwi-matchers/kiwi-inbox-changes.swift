final class InboxSpec: KiwiSpec {
    override class func spec() {
        describe("Inbox") {
            let inbox = letValue { Inbox() }

            describe("receiving a message") {
                it("adds it to the messages") {
                    theBlock { inbox.value.receive("Hello") }
                        .should.change({ inbox.value.messages.count }, by: +1)
                }
                it("adds one to the unread count") {
                    theBlock { inbox.value.receive("Hello") }
                        .should.change({ inbox.value.unreadCount }, by: +1)
                }
            }

            context("holding two unread messages") {
                beforeEach {
                    inbox.value.receive("Hello")
                    inbox.value.receive("Lunch?")
                }

                describe("reading them all") {
                    it("leaves nothing unread") {
                        theBlock { inbox.value.readAll() }
                            .should.change({ inbox.value.unreadCount }, by: -2)
                    }
                    it("keeps every message") {
                        theBlock { inbox.value.readAll() }
                            .shouldNot.change { inbox.value.messages.count }
                    }
                }

                describe("archiving one of them") {
                    it("removes it from the messages") {
                        theBlock { inbox.value.archive("Lunch?") }
                            .should.change({ inbox.value.messages.count }, by: -1)
                        theValue(inbox.value.messages).should.equal(["Hello"])
                    }
                    it("takes one off the unread count") {
                        theBlock { inbox.value.archive("Lunch?") }
                            .should.change({ inbox.value.unreadCount }, by: -1)
                    }
                }

                describe("archiving a message that is not there") {
                    it("keeps every message") {
                        theBlock { inbox.value.archive("Nobody wrote this") }
                            .shouldNot.change { inbox.value.messages.count }
                    }
                    it("keeps the unread count") {
                        theBlock { inbox.value.archive("Nobody wrote this") }
                            .shouldNot.change { inbox.value.unreadCount }
                    }
                }
            }
        }
    }
}
