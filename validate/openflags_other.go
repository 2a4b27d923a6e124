//go:build !unix

package validate

// openNoBlock is 0 where opening a file cannot wait for a writer.
const openNoBlock = 0
