//go:build !race

package jsonl

const raceEnabled = false
