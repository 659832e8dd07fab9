package main

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// minSeconds is where the time axis starts: the log scale needs a positive
// origin, and no method's first board comes sooner than this.
const minSeconds = 1e-5

// palette gives each method a colour that stays apart from the others in
// print and for the common forms of colour blindness (Okabe and Ito).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},
	color.RGBA{213, 94, 0, 255},
	color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255},
	color.RGBA{230, 159, 0, 255},
	color.RGBA{86, 180, 233, 255},
	color.RGBA{0, 0, 0, 255},
	color.RGBA{240, 228, 66, 255},
}

// plotCurves writes a PNG plot of each method's best cost against time,
// as steps: a cost holds until the next improvement, and the last one
// holds to the method's end.
func plotCurves(rep report, path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s %d×%d: best cost over time", rep.Puzzle, rep.Rows, rep.Cols)
	p.X.Label.Text = "seconds"
	p.Y.Label.Text = "best cost"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	for i, o := range rep.Methods {
		if len(o.Curve) == 0 {
			continue
		}
		var xy plotter.XYs
		for k, pt := range o.Curve {
			t := math.Max(pt.Seconds, minSeconds)
			if k > 0 {
				// The step: the previous cost up to this moment.
				xy = append(xy, plotter.XY{X: t, Y: o.Curve[k-1].Cost})
			}
			xy = append(xy, plotter.XY{X: t, Y: pt.Cost})
		}
		xy = append(xy, plotter.XY{X: math.Max(o.Seconds, minSeconds), Y: o.Curve[len(o.Curve)-1].Cost})
		line, err := plotter.NewLine(xy)
		if err != nil {
			return fmt.Errorf("plotting %s: %w", o.Method, err)
		}
		line.Color = palette[i%len(palette)]
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(o.Method, line)
	}
	// Costs are never negative; anchoring the axis at 0 shows how far
	// each method is from a perfect board.
	p.Y.Min = 0
	return p.Save(7*vg.Inch, 4.5*vg.Inch, path)
}
