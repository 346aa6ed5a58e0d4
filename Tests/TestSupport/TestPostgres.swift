import LocalPostgres

/// The tests' PostgreSQL: the throwaway cluster `baton bench machines` also starts (the `LocalPostgres` target).
public typealias TestPostgres = ThrowawayPostgres

/// The test's PostgreSQL could not be set up.
public typealias TestPostgresFailure = ThrowawayPostgresFailure

/// A free TCP port on 127.0.0.1 (sshd, PostgreSQL).
public typealias LoopbackPort = LocalPostgres.LoopbackPort
