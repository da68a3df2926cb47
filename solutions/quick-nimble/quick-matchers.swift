func beAPalindrome() -> Matcher<String> {
    Matcher.simple("be a palindrome") { expression in
        guard let text = try expression.evaluate() else { return .fail }
        let letters = text.lowercased().filter { $0.isLetter || $0.isNumber }
        return MatcherStatus(bool: letters == String(letters.reversed()))
    }
}

func beInStock() -> Matcher<Product> {
    Matcher.simple("be in stock") { expression in
        guard let product = try expression.evaluate() else { return .fail }
        return MatcherStatus(bool: product.quantity > 0)
    }
}
