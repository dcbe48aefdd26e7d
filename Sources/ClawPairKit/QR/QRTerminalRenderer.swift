/// Draws a QR code as text with the half-block characters `▀ ▄ █`, two module rows per
/// line, so a code keeps its square shape in a terminal whose cells are about twice as tall
/// as they are wide.
///
/// Which modules get the glyph: a character cell shows two colours, the terminal's
/// foreground (where the glyph is) and its background (where it isn't), and the program
/// can't know which of them is the light one. Scanners want dark modules on a light field.
/// - `.plain` draws the *light* modules (and the quiet zone) as glyphs and leaves dark
///   modules as spaces. That reads correctly on dark themes, the common default for
///   terminals; `invert` swaps the roles for light themes. This is also the convention of
///   `qrencode -t UTF8` (`-t UTF8i` inverted), so output from either looks the same.
/// - `.ansiColor` draws the same glyphs but paints them itself: bright white glyphs on a
///   black background. The code is then dark-on-light on any theme, and `invert` gives a
///   light-on-dark code. Use it when colour is allowed (a terminal, no `NO_COLOR`).
///
/// The symbol has an odd number of rows, so the last line's lower half is one extra light
/// row: a slightly larger quiet zone, never a stray dark edge.
public struct QRTerminalRenderer: Sendable {
    /// How the glyphs are coloured.
    public enum Style: Sendable, Hashable {
        /// No escape sequences: the terminal's own foreground and background.
        case plain
        /// SGR escapes per line: bright white glyphs on black, reset before each newline.
        case ansiColor
    }

    /// How the glyphs are coloured; `.plain` by default.
    public var style: Style

    /// A renderer with the given colouring.
    public init(style: Style = .plain) {
        self.style = style
    }

    /// Renders `matrix` with a quiet zone of `margin` modules on every side.
    ///
    /// The default margin is 2, not the standard's 4: a code in a terminal must fit a
    /// window (a 240-character setup code is already 57 columns wide with it), and phone
    /// cameras read a 2-module quiet zone reliably.
    ///
    /// - Parameters:
    ///   - invert: swap dark and light as they appear; see the type's documentation.
    /// - Precondition: `margin >= 0`.
    /// - Returns: the lines, each ending with a newline.
    public func render(_ matrix: QRMatrix, margin: Int = 2, invert: Bool = false) -> String {
        precondition(margin >= 0, "margin must not be negative")
        let side = matrix.size + 2 * margin
        // A glyph covers "ink": light modules normally, dark ones when inverted.
        func ink(_ x: Int, _ y: Int) -> Bool {
            // Rows past the bottom (the odd row's partner) are extra quiet zone: light.
            let dark = y < side && matrix.isDark(x: x - margin, y: y - margin)
            return dark == invert
        }
        var text = ""
        text.reserveCapacity((side + 1) / 2 * (side * 3 + 16))
        for top in stride(from: 0, to: side, by: 2) {
            if style == .ansiColor { text += Self.glyphsOnBackground }
            for x in 0..<side {
                text.unicodeScalars.append(Self.glyph(top: ink(x, top), bottom: ink(x, top + 1)))
            }
            if style == .ansiColor { text += Self.resetColors }
            text += "\n"
        }
        return text
    }

    private static func glyph(top: Bool, bottom: Bool) -> Unicode.Scalar {
        switch (top, bottom) {
        case (false, false): " "
        case (true, false): "\u{2580}"  // ▀ upper half block
        case (false, true): "\u{2584}"  // ▄ lower half block
        case (true, true): "\u{2588}"  // █ full block
        }
    }

    /// SGR 97 (bright white foreground) on 40 (black background).
    private static let glyphsOnBackground = "\u{1B}[97;40m"
    /// SGR 0, so the background colour doesn't bleed past the line.
    private static let resetColors = "\u{1B}[0m"
}
