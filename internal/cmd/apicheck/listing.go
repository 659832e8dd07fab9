package main

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// listing returns the readable record of pkg's exported API: one line per
// exported constant, variable, function, type, struct field, interface method
// and method (promoted ones included, since callers can use them), sorted.
//
// Parameter names are left out, as in the Go distribution's own API files:
// renaming a parameter changes no caller. Other packages' types are
// qualified by package name, which is what a reader sees in code; the
// export data beside the listing keeps the full paths for the comparison.
func listing(pkg *types.Package) []string {
	l := lister{pkg: pkg}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if !token.IsExported(name) {
			continue
		}
		switch obj := scope.Lookup(name).(type) {
		case *types.Const:
			l.add(entry{section: 0, group: name}, "const %s %s = %s", name, l.typ(obj.Type()), obj.Val().ExactString())
		case *types.Var:
			l.add(entry{section: 1, group: name}, "var %s %s", name, l.typ(obj.Type()))
		case *types.Func:
			l.add(entry{section: 2, group: name}, "func %s%s", name, l.signature(obj.Signature()))
		case *types.TypeName:
			l.typeName(obj)
		}
	}
	// The order of go doc: constants, variables, functions, then each type
	// followed by its fields or interface methods and its methods.
	slices.SortFunc(l.entries, func(a, b entry) int {
		return cmp.Or(
			cmp.Compare(a.section, b.section),
			cmp.Compare(a.group, b.group),
			cmp.Compare(a.part, b.part),
			cmp.Compare(a.text, b.text))
	})
	lines := make([]string, len(l.entries))
	for i, e := range l.entries {
		lines[i] = e.text
	}
	return slices.Compact(lines)
}

// lister collects the lines of one package's listing.
type lister struct {
	pkg     *types.Package
	entries []entry
}

// entry is one line of a listing with where it sorts.
type entry struct {
	section int    // 0 constants, 1 variables, 2 functions, 3 types
	group   string // the identifier the line belongs to
	part    int    // within a type: 0 the declaration, 1 its fields or interface, 2 its methods
	text    string
}

func (l *lister) add(e entry, format string, args ...any) {
	e.text = fmt.Sprintf(format, args...)
	l.entries = append(l.entries, e)
}

// qualify names the package's own types bare and other packages' types by
// package name.
func (l *lister) qualify(p *types.Package) string {
	if p == l.pkg {
		return ""
	}
	return p.Name()
}

func (l *lister) typ(t types.Type) string {
	return types.TypeString(t, l.qualify)
}

// signature writes a function type without parameter names, type parameters
// first.
func (l *lister) signature(sig *types.Signature) string {
	var b strings.Builder
	b.WriteString(l.typeParams(sig.TypeParams()))
	b.WriteString("(")
	params := sig.Params()
	for i := range params.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		t := params.At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == params.Len()-1 {
			b.WriteString("..." + l.typ(s.Elem()))
		} else {
			b.WriteString(l.typ(t))
		}
	}
	b.WriteString(")")
	results := sig.Results()
	switch results.Len() {
	case 0:
	case 1:
		b.WriteString(" " + l.typ(results.At(0).Type()))
	default:
		b.WriteString(" (")
		for i := range results.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(l.typ(results.At(i).Type()))
		}
		b.WriteString(")")
	}
	return b.String()
}

// typeParams writes a type parameter list with its constraints, or nothing
// for a list of none.
func (l *lister) typeParams(tps *types.TypeParamList) string {
	if tps.Len() == 0 {
		return ""
	}
	parts := make([]string, tps.Len())
	for i := range tps.Len() {
		tp := tps.At(i)
		parts[i] = tp.Obj().Name() + " " + l.typ(tp.Constraint())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// typeName lists a type declaration and what it brings with it: the exported
// fields of a struct, the method set of an interface, the methods of any
// other type.
func (l *lister) typeName(obj *types.TypeName) {
	name := obj.Name()
	decl := entry{section: 3, group: name}
	member := entry{section: 3, group: name, part: 1}
	if alias, ok := obj.Type().(*types.Alias); ok {
		l.add(decl, "type %s%s = %s", name, l.typeParams(alias.TypeParams()), l.typ(alias.Rhs()))
		return
	}
	named, ok := obj.Type().(*types.Named)
	if !ok {
		// Only an alias or a defined type can be declared at package level.
		l.add(decl, "type %s %s", name, l.typ(obj.Type()))
		return
	}
	head := name + l.typeParams(named.TypeParams())
	switch u := named.Underlying().(type) {
	case *types.Struct:
		l.add(decl, "type %s struct", head)
		for i := range u.NumFields() {
			f := u.Field(i)
			switch {
			case !f.Exported():
			case f.Embedded():
				l.add(member, "type %s struct, embedded %s", head, l.typ(f.Type()))
			default:
				l.add(member, "type %s struct, %s %s", head, f.Name(), l.typ(f.Type()))
			}
		}
	case *types.Interface:
		l.add(decl, "type %s interface", head)
		unexported := false
		for i := range u.NumMethods() {
			m := u.Method(i)
			if !m.Exported() {
				unexported = true
				continue
			}
			l.add(member, "type %s interface, %s%s", head, m.Name(), l.signature(m.Signature()))
		}
		if unexported {
			// Such an interface cannot be implemented outside the
			// package, which decides whether adding a method breaks
			// anyone.
			l.add(member, "type %s interface, unexported methods", head)
		}
		for i := range u.NumEmbeddeds() {
			if e := u.EmbeddedType(i); !types.IsInterface(e) {
				l.add(member, "type %s interface, type set %s", head, l.typ(e))
			}
		}
		// An interface's methods are its method set; there are no
		// other methods to list.
		return
	default:
		l.add(decl, "type %s %s", head, l.typ(u))
	}
	l.methods(named)
}

// methods lists the exported methods callers can call on values of type T
// or *T, declared or promoted from embedded fields, with the receiver that
// they need.
func (l *lister) methods(named *types.Named) {
	recv := named.Obj().Name()
	if tps := named.TypeParams(); tps.Len() > 0 {
		names := make([]string, tps.Len())
		for i := range tps.Len() {
			names[i] = tps.At(i).Obj().Name()
		}
		recv += "[" + strings.Join(names, ", ") + "]"
	}
	values := types.NewMethodSet(named)
	pointers := types.NewMethodSet(types.NewPointer(named))
	for sel := range pointers.Methods() {
		m := sel.Obj()
		if !m.Exported() {
			continue
		}
		r := "*" + recv
		if values.Lookup(m.Pkg(), m.Name()) != nil {
			r = recv
		}
		l.add(entry{section: 3, group: named.Obj().Name(), part: 2}, "method (%s) %s%s", r, m.Name(), l.signature(m.Type().(*types.Signature)))
	}
}
