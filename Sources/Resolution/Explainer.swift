import Specs

/// Turns the derivation graph of a failed resolution into plain words, the way PubGrub reports:
/// each learned fact is one sentence ("Because A depends on B and B depends on C, A requires
/// C."), facts used more than once are numbered and referred to by number, and the last sentence
/// ends with "version solving failed." A short list of what could be changed follows.
struct Explainer {
    let solver: Solver

    var options: ResolverOptions { solver.options }

    // MARK: Words for terms

    /// The package as explanations name it: the provider's display name.
    func name(_ package: Int) -> String {
        package == Solver.root ? options.rootName : solver.provider.displayName(of: solver.names[package])
    }

    /// The provider's own words for the dependency `incompatibility` states, if it has any.
    func wording(_ incompatibility: Incompatibility) -> DependencyWording? {
        switch incompatibility.cause {
        case .dependency(let dependee, let requirement, _) where dependee != Solver.root:
            return solver.provider.describe(
                dependencyOn: solver.names[dependee], requirements: requirement.requirements)
        case .sameVersion(let dependee) where dependee != Solver.root:
            return solver.provider.describe(dependencyOn: solver.names[dependee], requirements: nil)
        default:
            return nil
        }
    }

    /// The versions of `set`, in requirement-like words; nil when it is every version.
    func range(_ package: Int, _ set: VersionSet) -> String? {
        let all = solver.versions[package]
        if package == Solver.root || solver.universes[package].isSubset(of: set) { return nil }
        if set.isEmpty { return "(no version)" }
        let members = set.indices
        let withPrereleases = members.contains { all[$0].isPrerelease }
        let base = withPrereleases ? Array(all.indices) : all.indices.filter { !all[$0].isPrerelease }
        let inSet = base.map { set.contains($0) }
        if inSet.allSatisfy({ $0 }) { return nil }
        var runs: [(Int, Int)] = []
        for (position, member) in inSet.enumerated() where member {
            if let last = runs.last, last.1 == position - 1 {
                runs[runs.count - 1].1 = position
            } else {
                runs.append((position, position))
            }
        }
        let excluded = inSet.indices.filter { !inSet[$0] }
        if runs.count > 1 && excluded.count <= 2 {
            return excluded.map { "!= \(all[base[$0]])" }.joined(separator: ", ")
        }
        return runs.map { run -> String in
            // One version reads as itself, except at the open end of the list, where it is still a
            // range (">= 3.0.0", as the requirement was written), not a pin.
            if run.0 == run.1 && !(run.1 == base.count - 1 && run.0 > 0) { return all[base[run.0]].description }
            var bounds: [String] = []
            if run.0 > 0 { bounds.append(">= \(all[base[run.0]])") }
            if run.1 < base.count - 1 { bounds.append("< \(all[base[run.1 + 1]])") }
            return bounds.joined(separator: ", ")
        }.joined(separator: " or ")
    }

    /// "Networking >= 2.0", "Networking", or with `allowEvery` "every version of Networking".
    func terse(_ term: Term, allowEvery: Bool = false) -> String {
        if term.package == Solver.root { return options.rootName }
        let shown = term.shownVersions(universe: solver.universes[term.package])
        guard let words = range(term.package, shown) else {
            return allowEvery ? "every version of \(name(term.package))" : name(term.package)
        }
        return "\(name(term.package)) \(words)"
    }

    /// The dependee of a dependency incompatibility as its requirement reads: "Networking ~> 3.0
    /// (Composefile:4)", with why it matches nothing when it does not; or the provider's words.
    func dependeeText(_ incompatibility: Incompatibility) -> String? {
        guard case .dependency(let dependee, let requirement, let empty) = incompatibility.cause else { return nil }
        let wording = self.wording(incompatibility)
        var text = wording?.object ?? name(dependee)
        if wording == nil && !requirement.requirements.isAny { text += " \(requirement.requirements)" }
        var notes: [String] = []
        if incompatibility.terms.first?.package == Solver.root, let origin = requirement.origin { notes.append(origin) }
        if wording == nil, let empty { notes.append(emptyText(dependee, empty)) }
        if !notes.isEmpty { text += " (\(notes.joined(separator: "; ")))" }
        return text
    }

    /// "Kit at the same version", or the provider's words for it.
    func sameVersionText(_ incompatibility: Incompatibility, _ dependee: Int) -> String {
        wording(incompatibility)?.object ?? "\(name(dependee)) at the same version"
    }

    func negativeText(_ incompatibility: Incompatibility, _ term: Term) -> String {
        if case .sameVersion(let dependee) = incompatibility.cause, dependee == term.package {
            return sameVersionText(incompatibility, dependee)
        }
        if case .dependency(let dependee, _, _) = incompatibility.cause, dependee == term.package,
            let text = dependeeText(incompatibility)
        {
            return text
        }
        return terse(term)
    }

    func verb(_ incompatibility: Incompatibility) -> String {
        wording(incompatibility)?.verb ?? (incompatibility.isDependency ? "depends on" : "requires")
    }

    /// Why a requirement matches nothing.
    func emptyText(_ dependee: Int, _ reason: EmptyReason) -> String {
        switch reason {
        case .unknownPackage:
            return "no spec repo has a pod named \(name(dependee))"
        case .onlyPrereleases(let list):
            return "only pre-release versions match: \(list.suffix(3).map(\.description).joined(separator: ", "))"
        case .noMatch:
            return "no version matches; the newest is \(solver.versions[dependee].last!)"
        }
    }

    // MARK: Words for incompatibilities

    /// One incompatibility as a clause.
    func sentence(_ id: Int) -> String {
        let incompatibility = solver.incompatibilities[id]
        let terms = incompatibility.terms
        switch incompatibility.cause {
        case .root:
            return "\(options.rootName) is required"
        case .dependency(let dependee, _, _):
            let depender = terms.first { $0.package != dependee } ?? terms[0]
            return "\(terse(depender, allowEvery: true)) \(verb(incompatibility)) \(dependeeText(incompatibility)!)"
        case .sameVersion(let dependee):
            let depender = terms.first { $0.package != dependee } ?? terms[0]
            return
                "\(terse(depender, allowEvery: true)) \(verb(incompatibility)) \(sameVersionText(incompatibility, dependee))"
        case .cycle:
            return cycleText(terms)
        case .derived:
            break
        }
        if solver.isFailure(incompatibility) { return "version solving failed" }
        if terms.count == 1 {
            let term = terms[0]
            if term.isPositive {
                return range(term.package, term.versions) == nil
                    ? "no version of \(name(term.package)) can be used" : "\(terse(term)) is forbidden"
            }
            return "\(terse(term)) is required"
        }
        let positives = terms.filter(\.isPositive)
        let negatives = terms.filter { !$0.isPositive }
        if terms.count == 2 && positives.count != 1 {
            return positives.count == 2
                ? "\(terse(terms[0])) is incompatible with \(terse(terms[1]))"
                : "either \(terse(terms[0])) or \(terse(terms[1])) is required"
        }
        if !positives.isEmpty && !negatives.isEmpty {
            let required = negatives.map { terse($0) }.joined(separator: " or ")
            if positives.count == 1 { return "\(terse(positives[0], allowEvery: true)) requires \(required)" }
            return "if \(positives.map { terse($0) }.joined(separator: " and ")) then \(required)"
        }
        if !positives.isEmpty { return "one of \(positives.map { terse($0) }.joined(separator: " or ")) must be false" }
        return "one of \(negatives.map { terse($0) }.joined(separator: " or ")) must be true"
    }

    /// "foo 0.2.6 and bar 1.0.0 depend on each other (foo -> bar -> foo), a dependency cycle CocoaPods does not allow".
    func cycleText(_ terms: [Term]) -> String {
        let chosen = terms.map { term in
            term.versions.indices.first.map { "\(name(term.package)) \(solver.versions[term.package][$0])" }
                ?? terse(term)
        }
        let circle = (terms + terms.prefix(1)).map { name($0.package) }.joined(separator: " -> ")
        let subject: String
        switch chosen.count {
        case 1: subject = "\(chosen[0]) depends on itself"
        case 2: subject = "\(chosen[0]) and \(chosen[1]) depend on each other"
        default:
            subject =
                "\(chosen.dropLast().joined(separator: ", ")) and \(chosen.last!) depend on one another in a circle"
        }
        return "\(subject) (\(circle)), a dependency cycle CocoaPods does not allow"
    }

    func lineRef(_ line: Int?) -> String { line.map { " (\($0))" } ?? "" }

    /// Two incompatibilities in one clause, folded when one leads into the other.
    func sentence(_ a: Int, and b: Int, _ aLine: Int? = nil, _ bLine: Int? = nil) -> String {
        if let shared = oneVersion(a, b) { return shared }
        if let both = requiresBoth(a, b, aLine, bLine) { return both }
        if let through = requiresThrough(a, b, aLine, bLine) { return through }
        if let forbidden = requiresForbidden(a, b, aLine, bLine) { return forbidden }
        let isCycle = [a, b].contains { if case .cycle = solver.incompatibilities[$0].cause { true } else { false } }
        return
            "\(sentence(a))\(lineRef(aLine))\(isCycle ? "," : "") and \(sentence(b))\(lineRef(bLine))\(emptyOverlap(a, b).map { ", and \($0)" } ?? "")"
    }

    /// "no release of shared lies in both >= 2.0.0, < 3.0.0 and >= 2.9.0, < 4.0.0": two dependencies
    /// on one package whose ranges overlap (a bound of one lies in both), with no candidate in the overlap.
    func emptyOverlap(_ a: Int, _ b: Int) -> String? {
        guard case .dependency(let x, let first, _) = solver.incompatibilities[a].cause,
            case .dependency(let y, let second, _) = solver.incompatibilities[b].cause, x == y,
            !first.requirements.isAny, !second.requirements.isAny
        else { return nil }
        let both = RequirementSet(first.requirements.requirements + second.requirements.requirements)
        let bounds = both.requirements.map(\.version)
        guard bounds.contains(where: both.isSatisfied(by:)),
            !solver.versions[x].contains(where: both.isSatisfied(by:))
        else { return nil }
        return "no release of \(name(x)) lies in both \(first.requirements) and \(second.requirements)"
    }

    private func single(_ terms: [Term], positive: Bool) -> Term? {
        let matching = terms.filter { $0.isPositive == positive }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The package a fact pins to the depender's own version ("Kit/Core 1.2.0 depends on Kit =
    /// 1.2.0", "Kit/UI < 2.0 depends on Kit at the same version"), with the depender.
    private func pin(_ id: Int) -> (depender: Int, dependee: Int)? {
        let incompatibility = solver.incompatibilities[id]
        switch incompatibility.cause {
        case .sameVersion(let dependee):
            guard let depender = incompatibility.terms.first(where: { $0.package != dependee }) else { return nil }
            return (depender.package, dependee)
        case .dependency(let dependee, let requirement, nil):
            guard incompatibility.terms.count == 2,
                let depender = incompatibility.terms.first(where: { $0.package != dependee }),
                depender.isPositive, depender.package != Solver.root, depender.versions.count == 1,
                let index = depender.versions.indices.first,
                requirement.requirements.requirements.count == 1,
                let only = requirement.requirements.requirements.first,
                only.op == .equal, only.version == solver.versions[depender.package][index]
            else { return nil }
            return (depender.package, dependee)
        default:
            return nil
        }
    }

    /// "Kit/Core and Kit/UI must use one version of Kit": two facts pinning two packages to their
    /// own version of one dependee.
    private func oneVersion(_ a: Int, _ b: Int) -> String? {
        guard let x = pin(a), let y = pin(b), x.dependee == y.dependee, x.depender != y.depender else { return nil }
        return "\(name(x.depender)) and \(name(y.depender)) must use one version of \(name(x.dependee))"
    }

    /// "A depends on both B and C".
    private func requiresBoth(_ a: Int, _ b: Int, _ aLine: Int?, _ bLine: Int?) -> String? {
        let x = solver.incompatibilities[a]
        let y = solver.incompatibilities[b]
        guard x.terms.count > 1, y.terms.count > 1,
            let xp = single(x.terms, positive: true), let yp = single(y.terms, positive: true),
            xp.package == yp.package, xp.versions == yp.versions
        else { return nil }
        let xn = x.terms.filter { !$0.isPositive }.map { negativeText(x, $0) }.joined(separator: " or ")
        let yn = y.terms.filter { !$0.isPositive }.map { negativeText(y, $0) }.joined(separator: " or ")
        let common = x.isDependency && y.isDependency ? "depends on" : "requires"
        let xVerb = wording(x)?.verb ?? common
        let yVerb = wording(y)?.verb ?? common
        if xVerb != yVerb {
            return "\(terse(xp, allowEvery: true)) \(xVerb) \(xn)\(lineRef(aLine)) and \(yVerb) \(yn)\(lineRef(bLine))"
        }
        return "\(terse(xp, allowEvery: true)) \(xVerb) both \(xn)\(lineRef(aLine)) and \(yn)\(lineRef(bLine))"
    }

    /// "A depends on B which depends on C".
    private func requiresThrough(_ a: Int, _ b: Int, _ aLine: Int?, _ bLine: Int?) -> String? {
        let x = solver.incompatibilities[a]
        let y = solver.incompatibilities[b]
        guard x.terms.count > 1, y.terms.count > 1 else { return nil }
        func leadsInto(_ prior: Incompatibility, _ latter: Incompatibility) -> Term? {
            guard let negative = single(prior.terms, positive: false),
                let positive = single(latter.terms, positive: true),
                negative.package == positive.package
            else { return nil }
            let shown = negative.shownVersions(universe: solver.universes[negative.package])
            return shown.isSubset(of: positive.versions) ? negative : nil
        }
        let prior: Incompatibility
        let latter: Incompatibility
        let negative: Term
        let priorLine: Int?
        let latterLine: Int?
        if let n = leadsInto(x, y) {
            (prior, latter, negative, priorLine, latterLine) = (x, y, n, aLine, bLine)
        } else if let n = leadsInto(y, x) {
            (prior, latter, negative, priorLine, latterLine) = (y, x, n, bLine, aLine)
        } else {
            return nil
        }
        let positives = prior.terms.filter(\.isPositive)
        var text =
            positives.count > 1
            ? "if \(positives.map { terse($0) }.joined(separator: " and ")) then "
            : "\(terse(positives[0], allowEvery: true)) "
        text += "\(verb(prior)) \(negativeText(prior, negative))\(lineRef(priorLine)) which \(verb(latter)) "
        text += latter.terms.filter { !$0.isPositive }.map { negativeText(latter, $0) }.joined(separator: " or ")
        return text + lineRef(latterLine)
    }

    /// "A depends on B which is forbidden".
    private func requiresForbidden(_ a: Int, _ b: Int, _ aLine: Int?, _ bLine: Int?) -> String? {
        let x = solver.incompatibilities[a]
        let y = solver.incompatibilities[b]
        guard x.terms.count == 1 || y.terms.count == 1 else { return nil }
        let (prior, latter, priorLine, latterLine) = x.terms.count == 1 ? (y, x, bLine, aLine) : (x, y, aLine, bLine)
        guard let negative = single(prior.terms, positive: false), latter.terms[0].isPositive,
            latter.terms[0].package == negative.package,
            negative.shownVersions(universe: solver.universes[negative.package]).isSubset(of: latter.terms[0].versions)
        else { return nil }
        let positives = prior.terms.filter(\.isPositive)
        guard !positives.isEmpty else { return nil }
        var text =
            positives.count > 1
            ? "if \(positives.map { terse($0) }.joined(separator: " and ")) then "
            : "\(terse(positives[0], allowEvery: true)) "
        text += "\(verb(prior)) \(negativeText(prior, negative))\(lineRef(priorLine)) which "
        if case .dependency(_, _, _?) = latter.cause {
            text += "\(verb(latter)) \(dependeeText(latter)!)"
        } else {
            text += "is forbidden"
        }
        return text + lineRef(latterLine)
    }

    // MARK: The report

    func report(_ failure: Int) -> String {
        let writer = ReportWriter(explainer: self)
        return writer.write(failure)
    }
}

/// The state of writing one report: how often each fact is used, and the numbers given to lines.
private final class ReportWriter {
    let explainer: Explainer
    var derivations: [Int: Int] = [:]
    var lines: [(text: String, number: Int?)] = []
    var lineNumbers: [Int: Int] = [:]
    var nextNumber = 1
    var failure = -1

    init(explainer: Explainer) {
        self.explainer = explainer
    }

    var solver: Solver { explainer.solver }

    func cause(_ id: Int) -> Incompatibility.Cause { solver.incompatibilities[id].cause }
    func isDerived(_ id: Int) -> Bool { solver.incompatibilities[id].isDerived }

    func write(_ failure: Int) -> String {
        self.failure = failure
        countDerivations(failure)
        if isDerived(failure) {
            visit(failure)
        } else {
            lines.append(("Because \(explainer.sentence(failure)), version solving failed.", nil))
        }
        let padding = lineNumbers.isEmpty ? 0 : "(\(nextNumber - 1)) ".count
        var text: [String] = []
        var lastWasEmpty = false
        for line in lines {
            if line.text.isEmpty {
                if !lastWasEmpty { text.append("") }
                lastWasEmpty = true
                continue
            }
            lastWasEmpty = false
            if let number = line.number {
                let label = "(\(number))"
                text.append(label + String(repeating: " ", count: max(1, padding - label.count)) + line.text)
            } else {
                // The first line follows the caller's prefix ("error: Because …"): no margin there.
                text.append(String(repeating: " ", count: text.isEmpty ? 0 : padding) + line.text)
            }
        }
        let hints = self.hints()
        if !hints.isEmpty {
            text.append("")
            text.append(contentsOf: hints)
        }
        return text.joined(separator: "\n")
    }

    func countDerivations(_ id: Int) {
        let seen = derivations[id] != nil
        derivations[id, default: 0] += 1
        if !seen, case .derived(let conflict, let other) = cause(id) {
            countDerivations(conflict)
            countDerivations(other)
        }
    }

    func emit(_ id: Int, _ message: String, numbered: Bool) {
        if numbered {
            lineNumbers[id] = nextNumber
            lines.append((message, nextNumber))
            nextNumber += 1
        } else {
            lines.append((message, nil))
        }
    }

    func isSingleLine(_ id: Int) -> Bool {
        guard case .derived(let conflict, let other) = cause(id) else { return false }
        return !isDerived(conflict) && !isDerived(other)
    }

    func isCollapsible(_ id: Int) -> Bool {
        if derivations[id, default: 0] > 1 { return false }
        guard case .derived(let conflict, let other) = cause(id) else { return false }
        if isDerived(conflict) == isDerived(other) { return false }
        let complex = isDerived(conflict) ? conflict : other
        return lineNumbers[complex] == nil
    }

    func visit(_ id: Int, conclusion: Bool = false) {
        let numbered = conclusion || derivations[id, default: 0] > 1
        let conjunction = conclusion || id == failure ? "So," : "And"
        let text = explainer.sentence(id)
        guard case .derived(let conflict, let other) = cause(id) else { return }
        if isDerived(conflict) && isDerived(other) {
            let conflictLine = lineNumbers[conflict]
            let otherLine = lineNumbers[other]
            if conflictLine != nil && otherLine != nil {
                emit(
                    id, "Because \(explainer.sentence(conflict, and: other, conflictLine, otherLine)), \(text).",
                    numbered: numbered)
            } else if conflictLine != nil || otherLine != nil {
                let withLine = conflictLine != nil ? conflict : other
                let withoutLine = conflictLine != nil ? other : conflict
                visit(withoutLine)
                emit(
                    id, "\(conjunction) because \(explainer.sentence(withLine)) (\(lineNumbers[withLine]!)), \(text).",
                    numbered: numbered)
            } else {
                let singleConflict = isSingleLine(conflict)
                let singleOther = isSingleLine(other)
                if singleOther || singleConflict {
                    let first = singleOther ? conflict : other
                    let second = singleOther ? other : conflict
                    visit(first)
                    visit(second)
                    emit(id, "Thus, \(text).", numbered: numbered)
                } else {
                    visit(conflict, conclusion: true)
                    lines.append(("", nil))
                    visit(other)
                    emit(
                        id,
                        "\(conjunction) because \(explainer.sentence(conflict)) (\(lineNumbers[conflict]!)), \(text).",
                        numbered: numbered)
                }
            }
        } else if isDerived(conflict) || isDerived(other) {
            let derived = isDerived(conflict) ? conflict : other
            let external = isDerived(conflict) ? other : conflict
            if let derivedLine = lineNumbers[derived] {
                emit(
                    id, "Because \(explainer.sentence(external, and: derived, nil, derivedLine)), \(text).",
                    numbered: numbered)
            } else if isCollapsible(derived), case .derived(let c, let o) = cause(derived) {
                let collapsedDerived = isDerived(c) ? c : o
                let collapsedExternal = isDerived(c) ? o : c
                visit(collapsedDerived)
                emit(
                    id, "\(conjunction) because \(explainer.sentence(collapsedExternal, and: external)), \(text).",
                    numbered: numbered)
            } else {
                visit(derived)
                emit(id, "\(conjunction) because \(explainer.sentence(external)), \(text).", numbered: numbered)
            }
        } else {
            emit(id, "Because \(explainer.sentence(conflict, and: other)), \(text).", numbered: numbered)
        }
    }

    /// What the user could change: the top-level requirements the derivation rests on, and the
    /// special cases (an unknown name, only prereleases matching).
    func hints() -> [String] {
        var result: [String] = []
        var topLevel: [String] = []
        var alternatives: [String] = []
        for id in derivations.keys.sorted() {
            let incompatibility = solver.incompatibilities[id]
            if case .cycle = incompatibility.cause {
                let circle = (incompatibility.terms + incompatibility.terms.prefix(1)).map {
                    explainer.name($0.package)
                }
                result.append(
                    "Pods must not depend on one another in a circle (\(circle.joined(separator: " -> "))): require versions without that dependency, or ask the pods' authors to remove it."
                )
                continue
            }
            guard case .dependency(let dependee, let requirement, let empty) = incompatibility.cause else { continue }
            if let hint = explainer.wording(incompatibility)?.hint { alternatives.append(hint) }
            let name = explainer.name(dependee)
            switch empty {
            case .unknownPackage?:
                result.append(
                    "No spec repo has a pod named \(name): check the name, or run with --repo-update to refresh the spec repos."
                )
            case .onlyPrereleases(let list)?:
                let newest = list.last!
                result.append(
                    "Only pre-release versions of \(name) match \(requirement.requirements): to allow one, name a pre-release in the requirement, for example '= \(newest)'."
                )
            case .noMatch?, nil:
                break
            }
            if incompatibility.terms.first?.package == Solver.root {
                topLevel.append(explainer.dependeeText(incompatibility)!)
            }
        }
        var seen: Set<String> = []
        topLevel = topLevel.filter { seen.insert($0).inserted }
        alternatives = alternatives.filter { seen.insert($0).inserted }
        var ways: [String] = []
        if topLevel.count == 1 {
            ways.append("change the requirement \(topLevel[0])")
        } else if !topLevel.isEmpty {
            ways.append("change one of these requirements: \(topLevel.joined(separator: ", "))")
        }
        ways += alternatives
        if !ways.isEmpty { result.append("To resolve it, \(ways.joined(separator: "; or ")).") }
        return result
    }
}
