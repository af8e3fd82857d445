"""The test suite: a package, so that its own modules (tests.records.played, tests.net.netkit)
are found before any installed package named ``tests`` (glicko2 2.1.0 installs one)."""
