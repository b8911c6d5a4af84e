/// Whether `scalar` may start or mark a cluster drawn as an emoji picture: one shown as a picture by
/// default, or the variation selector that asks for one. A quick test for whole words; a cluster is
/// decided by `wantsEmojiPresentation`.
func mayWantEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0xFE0F || isPictureByDefault(scalar)
}

/// Whether Unicode shows `scalar` as a picture by default (Emoji_Presentation; the first such
/// character is U+231A, so most text is decided by one comparison).
private func isPictureByDefault(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x231A && scalar.properties.isEmojiPresentation
}

/// Whether a grapheme cluster is drawn as an emoji picture (Unicode's emoji presentation): it asks
/// for one with U+FE0F, or starts with a character shown as a picture by default (😀, 🇫🇷) and does
/// not ask for text with U+FE0E. Digits, ©, ™ and ❤ without U+FE0F stay text.
func wantsEmojiPresentation(_ cluster: Character) -> Bool {
    let scalars = cluster.unicodeScalars
    if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
    if scalars.contains(where: { $0.value == 0xFE0F }) { return true }
    return scalars.first.map(isPictureByDefault) ?? false
}
