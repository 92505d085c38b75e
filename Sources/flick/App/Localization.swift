import CGtk
import Foundation

/// gettext for Flick's user-visible text (domain "flick", po/).
///
/// `tr` takes only literals, so xgettext (`--keyword=tr`) finds every
/// message; text with values uses `tr(format, args…)` and `%@`/`%d`.
enum Localization {
    static let domain = "flick"

    /// Binds the domain to the installed translations, if any.
    static func setUp(localeDirectory: URL?) {
        setlocale(LC_ALL, "")
        if let localeDirectory { bindtextdomain(domain, localeDirectory.path) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// The translation of `message`.
func tr(_ message: StaticString) -> String {
    message.description.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// The translation of `format`, with `arguments` put in (`%@`, `%d`).
func tr(_ format: StaticString, _ arguments: any CVarArg...) -> String {
    String(format: tr(format), arguments: arguments)
}

/// The translation of `singular`/`plural` for `count`, with `arguments` put in.
func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: any CVarArg...) -> String {
    let format = singular.description.withCString { one in
        plural.description.withCString { many in
            String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0))))
        }
    }
    return String(format: format, arguments: arguments)
}
