/// `1 check`, `2 checks`: a count and its English noun (what kata's own English, outside the message tables, says).
package func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
