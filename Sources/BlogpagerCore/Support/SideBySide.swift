/// Two independent pieces of work run at once, each on a core of its own (one
/// after the other where there is one core), for the serial stretches of a build
/// whose parts need nothing of each other. Neither may touch shared mutable state.
func sideBySide<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
    let done = [Half.first, Half.second].parallelMap { half -> Either<First, Second> in
        switch half {
        case .first: .first(first())
        case .second: .second(second())
        }
    }
    guard case .first(let one) = done[0], case .second(let other) = done[1] else { preconditionFailure("parallelMap keeps the order") }
    return (one, other)
}

private enum Half { case first, second }

private enum Either<First, Second> {
    case first(First)
    case second(Second)
}
