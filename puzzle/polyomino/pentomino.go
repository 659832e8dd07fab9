package polyomino

// pentominoDrawings are the twelve free pentominoes as seed 003 draws
// them, in Golomb's letters; their handedness matters for counts without
// reflection.
var pentominoDrawings = [12]struct{ name, drawing string }{
	{"F", " ##\n## \n # "},
	{"I", "#####"},
	{"L", "####\n#   "},
	{"N", "##  \n ###"},
	{"P", "##\n##\n# "},
	{"T", "###\n # \n # "},
	{"U", "# #\n###"},
	{"V", "#  \n#  \n###"},
	{"W", "#  \n## \n ##"},
	{"X", " # \n###\n # "},
	{"Y", "  # \n####"},
	{"Z", "## \n # \n ##"},
}

// Pentominoes returns the twelve free pentominoes and their letters
// (F, I, L, N, P, T, U, V, W, X, Y, Z), each in the orientation seed 003
// draws it: under the Rotate mode, where mirror images differ, this
// handedness gives the seed's counts.
func Pentominoes() (names []string, shapes []Shape) {
	for _, p := range pentominoDrawings {
		s, err := ParseShape(p.drawing)
		if err != nil {
			panic("polyomino: a built-in pentomino does not parse: " + err.Error())
		}
		names = append(names, p.name)
		shapes = append(shapes, s)
	}
	return names, shapes
}
