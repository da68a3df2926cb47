func badge(points: Int) -> Badge {
    Badge(title: points >= 50 ? "Gold" : "Bronze")
}
