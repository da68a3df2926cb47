final class Greeter {
    private let robot: Robot

    init(robot: Robot) {
        self.robot = robot
    }

    /// Says hello, then goodbye once the robot is done.
    func greet() {
        robot.speak("Hello", afterDelay: 2, whenDone: { [robot] in robot.speak("Goodbye") })
    }
}
