/// How the fenced blocks of a source chapter line up with those of its translation, for `kata translate sync` and
/// the translation checks.
///
/// Many blocks share an info string (every plain ` ```swift ` example has the same one), so lining them up by info
/// string alone pairs a translation's block with the wrong source block as soon as the source drops one or changes
/// one's role: the code of one example would be copied over another's, between the wrong paragraphs. Blocks are
/// lined up by how alike they are instead (same info string and code, then same info string, then same code, then
/// the same role or exercise), and a source block left over between two lined-up blocks takes the place of a
/// translation block left over between the same two: the source replaced one block with another there.
package enum BlockAlignment {
    /// The steps from `source` to `translation`: `.both` pairs a source block with the block that stands for it in
    /// the translation (their info strings may differ), `.onlyFirst` is a source block the translation lacks, and
    /// `.onlySecond` a translation block the source does not have.
    package static func align(_ source: [FencedBlock], _ translation: [FencedBlock]) -> [SequenceAlignment.Step] {
        let sourceKeys = source.map(\.key)
        let keys = translation.map(\.key)
        let steps = SequenceAlignment.align(source.indices, translation.indices) { s, t in
            let (original, copy) = (source[s], translation[t])
            let sameKey = sourceKeys[s] == keys[t]
            guard original.isHint == copy.isHint else { return 0 }
            if sameKey { return original.code == copy.code ? 6 : 3 }
            guard original.isCopied, copy.isCopied else { return 0 }
            if original.info.language == copy.info.language, original.code == copy.code { return 3 }
            return copy.looksLikeCopy(of: original) ? 2 : 0
        }
        return pairLeftovers(steps, source: source, translation: translation)
    }

    /// Within each stretch between two paired blocks, pairs the copied blocks only the source has with the copied
    /// blocks only the translation has, in order, a block with one of the same language.
    private static func pairLeftovers(
        _ steps: [SequenceAlignment.Step], source: [FencedBlock], translation: [FencedBlock]
    ) -> [SequenceAlignment.Step] {
        var result: [SequenceAlignment.Step] = []
        var stretch: [SequenceAlignment.Step] = []
        func flush() {
            let missing = stretch.compactMap { step -> Int? in
                if case .onlyFirst(let s) = step, source[s].isCopied { return s }
                return nil
            }
            let extra = stretch.compactMap { step -> Int? in
                if case .onlySecond(let t) = step, translation[t].isCopied { return t }
                return nil
            }
            // A block of another language is not a replacement (an objc sketch for a Swift example).
            var pairs: [Int: Int] = [:]
            var paired: Set<Int> = []
            var candidates = missing[...]
            for t in extra {
                guard
                    let position = candidates.firstIndex(where: {
                        source[$0].info.language == translation[t].info.language
                    })
                else { continue }
                pairs[t] = candidates[position]
                paired.insert(candidates[position])
                candidates = candidates[(position + 1)...]
            }
            // Each pair goes where the translation's block stands; the rest keep their order.
            for step in stretch {
                switch step {
                case .onlyFirst(let s) where paired.contains(s): continue
                case .onlySecond(let t):
                    if let s = pairs[t] { result.append(.both(s, t)) } else { result.append(step) }
                default: result.append(step)
                }
            }
            stretch = []
        }
        for step in steps {
            if case .both = step {
                flush()
                result.append(step)
            } else {
                stretch.append(step)
            }
        }
        flush()
        return result
    }
}
