func beAPalindrome() -> Matcher<String> {
    Matcher.define("be a palindrome") { text in
        let letters = text.lowercased().filter { $0.isLetter || $0.isNumber }
        return letters == String(letters.reversed())
    }
}

func beInStock() -> Matcher<Product> {
    Matcher.define("be in stock") { $0.quantity > 0 }
}
