package validate

// testFileLoader is the loader of the CLI, for tests: FileLoader.
func testFileLoader(dir string) func(uri string) ([]byte, error) {
	return FileLoader(dir)
}
