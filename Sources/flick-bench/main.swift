// flick-bench — Flick's benchmarks. Prints a table, or with --json one JSON
// object per measurement: {"bench": NAME, "value": NUMBER, "unit": UNIT, ...}.
import FlickCore
BenchCommand.main()
