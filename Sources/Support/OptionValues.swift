/// The values of a repeated command-line option and of the environment variable that lists more
/// (`--allow-env A` with `COMPOSE_ALLOW_ENV=B,C`): the option's, then the variable's, split at each
/// character `isSeparator` accepts, empty parts dropped. The one way an option and its variable combine.
package func optionValues(
    _ given: [String], listedIn variable: String, of environment: [String: String],
    separatedBy isSeparator: (Character) -> Bool
) -> [String] {
    given + (environment[variable] ?? "").split(whereSeparator: isSeparator).map(String.init)
}
