// Command callcycles prints the call cycles across the files of one Go
// package: the file-level graph has an edge from file A to file B when a
// function or method declared in A calls (or otherwise names) one declared
// in B, and each strongly connected component of more than one file is a
// set of files none of which can be read without the others. Test files
// and files of other platforms are left out.
//
// Usage, from the module root:
//
//	go run ./scripts/callcycles ./validate
//
// It prints each component, biggest first, with its files and their line
// counts, and one line per edge inside it naming a call that makes it.
package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: callcycles DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "callcycles:", err)
		os.Exit(1)
	}
}

// graph is the file-level call graph of a package.
type graph struct {
	files []string                // base names, sorted
	lines map[string]int          // lines per file
	edges map[string][]string     // caller file -> callee files (sorted, unique)
	why   map[[2]string]string    // an example call per edge: "caller -> callee"
	seen  map[[2]string]bool      // edges added
	decl  map[types.Object]string // function or method -> file declaring it
	// fields counts the fields of each named struct type.
	fields map[string]int
	// methodFiles lists the files declaring methods of each type.
	methodFiles map[string][]string
}

func run(dir string) error {
	g, err := load(dir)
	if err != nil {
		return err
	}
	comps := g.components()
	slices.SortFunc(comps, func(a, b []string) int {
		return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(g.size(b), g.size(a)))
	})
	if len(comps) == 0 {
		fmt.Println("no call cycle across files")
	}
	for _, c := range comps {
		fmt.Printf("cycle of %d files, %d lines:", len(c), g.size(c))
		for _, f := range c {
			fmt.Printf(" %s (%d)", f, g.lines[f])
		}
		fmt.Println()
		in := map[string]bool{}
		for _, f := range c {
			in[f] = true
		}
		for _, f := range c {
			for _, t := range g.edges[f] {
				if in[t] {
					fmt.Printf("  %s -> %s: %s\n", f, t, g.why[[2]string{f, t}])
				}
			}
		}
	}
	return nil
}

// load builds the file-level call graph of the package in dir, and
// counts the fields of its struct types and the files of each type's
// methods.
func load(dir string) (*graph, error) {
	fset := token.NewFileSet()
	pkg, err := build.ImportDir(dir, 0) // GoFiles: this platform's, no tests
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	g := &graph{lines: map[string]int{}, edges: map[string][]string{},
		why: map[[2]string]string{}, seen: map[[2]string]bool{}, decl: map[types.Object]string{},
		fields: map[string]int{}, methodFiles: map[string][]string{}}
	for _, name := range pkg.GoFiles {
		p := filepath.Join(dir, name)
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		g.files = append(g.files, name)
		g.lines[name] = fset.File(f.Pos()).LineCount()
	}
	slices.Sort(g.files)
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(dir, fset, files, info); err != nil {
		return nil, err
	}
	for _, f := range files {
		name := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				g.decl[info.Defs[d.Name]] = name
				if d.Recv != nil {
					t := receiverType(d.Recv.List[0].Type)
					if !slices.Contains(g.methodFiles[t], name) {
						g.methodFiles[t] = append(g.methodFiles[t], name)
					}
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							g.fields[ts.Name.Name] = st.Fields.NumFields()
						}
					}
				}
			}
		}
	}
	for _, f := range files {
		from := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if to, ok := g.decl[info.Uses[id]]; ok && to != from {
						g.add(from, to, fd.Name.Name+" -> "+id.Name)
					}
				}
				return true
			})
		}
	}
	return g, nil
}

// receiverType is the name of a method's receiver type: T of T, *T or
// T[P].
func receiverType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// add records the edge from -> to, made by the call why.
func (g *graph) add(from, to, why string) {
	k := [2]string{from, to}
	if g.seen[k] {
		return
	}
	g.seen[k] = true
	g.why[k] = why
	g.edges[from] = append(g.edges[from], to)
	slices.Sort(g.edges[from])
}

// size is the number of lines of the files fs.
func (g *graph) size(fs []string) int {
	n := 0
	for _, f := range fs {
		n += g.lines[f]
	}
	return n
}

// components returns the strongly connected components of more than one
// file (Tarjan), each sorted.
func (g *graph) components() [][]string {
	index, low := map[string]int{}, map[string]int{}
	onStack := map[string]bool{}
	var stack []string
	var out [][]string
	next := 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range g.edges[v] {
			if _, ok := index[w]; !ok {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var c []string
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			c = append(c, w)
			if w == v {
				break
			}
		}
		if len(c) > 1 {
			slices.Sort(c)
			out = append(out, c)
		}
	}
	for _, f := range g.files {
		if _, ok := index[f]; !ok {
			visit(f)
		}
	}
	return out
}
