struct Player {
    let number: Int
}

struct Team {
    var name = "Black Hawks"
    var players = (1...11).map { Player(number: $0) }
}
