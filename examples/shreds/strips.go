package main

import (
	"context"
	"fmt"
	"image"
	"math"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/edge/document"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/strips"
)

// placed is one piece in the re-assembled page: which scan, its turn, and
// for strips how many rows it lies below the page's top.
type placed struct {
	scan int
	turn puzzle.Rotation
	dy   int
}

// result is a re-assembly: pages of strips left to right, or one grid.
type result struct {
	kind  string
	scans []scan
	pages [][]placed
	// grid holds the cells row by row, scan -1 for an empty cell.
	grid  [][]placed
	blank []int
	// upright holds, for strips, each scan's Upright evidence as orderRow
	// was given it: positive when its text reads upright.
	upright []float64
}

// reassembleStrips orders the strips (orderRow) and then each page's
// strips again on their own. The pair model is fine-tuned on the strips
// at hand, and fitted to one page it tells that page's joins apart better
// than fitted to a mix: on five really shredded pages mixed together its
// best partners were right for 65% of the strips, against 83% page by
// page, the wrong ones all on the strip's own page. The first pass finds
// the pages; the second orders each, and may cut one that holds two.
//
// A single page whose strips may be turned is ordered twice too. The first
// pass, over one page's strips or so (onePage), only decides which are
// turned, with the model as it comes, not fine-tuned; the second orders
// the strips turned as it decided, with no turn allowed, the model then
// fine-tuned and every join priced as the strips lie, not both ways. The
// unfitted model's turns came out right on every page tried. On the
// shared collections' pages with half of each page's strips turned (four
// halves, seeds 1 and 2), this took D1's really shredded pages from 0.946
// to 0.993 and D2's from 0.983 to 1.000, and the same pages upright from
// 0.970 to 0.982 (D1, seeds 1-6), for about a tenth more time a page
// (0.05-0.16 s on 2 cores). Each page found in a mixed collection is
// ordered so too (orderAlone).
func reassembleStrips(ctx context.Context, scans []scan, c config, logf func(string, ...any)) (*result, error) {
	var first []document.Option
	if c.turned && len(scans) <= onePage {
		first = append(first, document.WithTraining(1, 1))
	}
	res, err := orderRow(ctx, scans, c, logf, first...)
	if err == nil && len(first) > 0 && len(res.pages) > 1 {
		// Where the pages are cut is the fitted model's to say.
		res, err = orderRow(ctx, scans, c, logf)
	}
	if err != nil || len(res.pages) == 0 || (len(res.pages) == 1 && !c.turned) {
		return res, err
	}
	var pages []*result
	if len(res.pages) == 1 {
		var r *result
		r, err = orderPage(ctx, scans, res.pages[0], c, true, logf)
		pages = []*result{r}
	} else {
		pages, err = orderPages(ctx, scans, res.pages, c, logf)
	}
	if err != nil {
		return nil, err
	}
	out := &result{kind: "strips", scans: scans}
	for g, pg := range res.pages {
		if pages[g] != nil {
			out.pages = append(out.pages, pages[g].pages...)
			out.blank = append(out.blank, pages[g].blank...)
			continue
		}
		out.pages = append(out.pages, pg)
		out.blank = append(out.blank, blankOf(res, pg)...)
	}
	slices.Sort(out.blank)
	return out, nil
}

// blankOf returns the strips of page pg that r holds blank.
func blankOf(r *result, pg []placed) []int {
	var out []int
	for _, q := range pg {
		if slices.Contains(r.blank, q.scan) {
			out = append(out, q.scan)
		}
	}
	return out
}

// orderPages orders each of several pages' strips again on their own
// (orderAlone); a page too small to be fitted to has a nil result.
func orderPages(ctx context.Context, scans []scan, pages [][]placed, c config, logf func(string, ...any)) ([]*result, error) {
	// The pages are ordered a few at a time, each pricing on one
	// worker: a pricing's serial stretches (drawing its samples, the
	// steps between batches) then leave no core idle. The results do not
	// depend on the workers.
	// Largest pages first, so that the last to finish is a small one
	// and no core waits long on it.
	bySize := make([]int, len(pages))
	for g := range bySize {
		bySize[g] = g
	}
	slices.SortStableFunc(bySize, func(a, b int) int { return len(pages[b]) - len(pages[a]) })
	fit := pageTraining(len(pages))
	out := make([]*result, len(pages))
	err := each(len(pages), func(k int) error {
		g := bySize[k]
		if len(pages[g]) < minPageStrips {
			return nil
		}
		var err error
		out[g], err = orderAlone(ctx, scans, pages[g], c, fit, logf)
		return err
	})
	return out, err
}

// orderAlone orders a page found among several as a single page is
// ordered, on one worker, the pair model fine-tuned as fit says. A first
// pass with the model as it comes cuts pages stuck together (below) and,
// where strips may be turned, decides which are, as for a single page:
// the turns the pass over the whole collection gave are often wrong for a
// strip or two, and a page stuck to the next at a cut the collection's
// pass missed can lie upside down against it. The second pass orders the
// strips turned as decided, the model fine-tuned to them, and turns each
// page it finds as a whole when its text reads upside down. A page that
// pass cuts in several is ordered once more page by page: fitted to two
// pages the model tells each one's joins apart less well than fitted to
// one.
//
// Pages stuck together are cut where either pass cuts them. The first
// pass's model, not fitted, reads two margins side by side as the page
// edges they are more often than a model fitted to both pages, which
// learns the margins' specks and shadows and finds a join in them. On the
// shared collection D2's three really shredded pages mixed, two pages
// came out stuck together for two seeds of six, with more strips astray
// on them (0.938 each, 0.901 once the pages read more windows,
// pageTraining); with the first pass's cuts every seed gave 0.975, the
// most three pages allow (the two wrong pairs are the joins between
// pages). The first pass's cuts are taken only where they leave pages of
// minPageStrips or more; a single page is cut only where the fitted model
// says (reassembleStrips).
func orderAlone(ctx context.Context, scans []scan, pg []placed, c config, fit document.Option, logf func(string, ...any)) (*result, error) {
	first, err := orderPage(ctx, scans, pg, c, false, logf, document.WithWorkers(1), document.WithTraining(1, 1))
	if err != nil {
		return nil, err
	}
	turn := map[int]puzzle.Rotation{}
	for _, p := range first.pages {
		for _, q := range p {
			turn[q.scan] = q.turn
		}
	}
	var groups [][]placed
	for _, p := range first.pages {
		// A scrap of a page goes with the pages beside it.
		if n := len(groups); n == 0 || len(p) >= minPageStrips && len(groups[n-1]) >= minPageStrips {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], p...)
	}
	for _, g := range groups {
		for k := range g {
			g[k].turn = turn[g[k].scan]
		}
	}
	out := &result{kind: "strips", scans: scans}
	for _, g := range groups {
		res, err := orderPage(ctx, scans, g, c, c.turned, logf, document.WithWorkers(1), fit)
		if err != nil {
			return nil, err
		}
		if len(res.pages) < 2 {
			out.pages = append(out.pages, res.pages...)
			out.blank = append(out.blank, res.blank...)
			continue
		}
		for _, p := range res.pages {
			if len(p) < minPageStrips {
				out.pages = append(out.pages, p)
				out.blank = append(out.blank, blankOf(res, p)...)
				continue
			}
			r, err := orderPage(ctx, scans, p, c, c.turned, logf, document.WithWorkers(1), fit)
			if err != nil {
				return nil, err
			}
			out.pages = append(out.pages, r.pages...)
			out.blank = append(out.blank, r.blank...)
		}
	}
	return out, nil
}

// onePage is the most strips taken for a single page's: pages have 20 to
// 40. Where strips may be turned, the first pass over so few, meant only
// to turn them, is not fine-tuned; should it find several pages, a fitted
// pass cuts them instead.
const onePage = 60

// orderPage orders the strips of page pg (placements of scans) on their
// own. With asTurned, each is first turned as pg has it and no turn is
// allowed, except that of each page found as a whole when its text reads
// upside down. The result's scans are numbered as in scans.
func orderPage(ctx context.Context, scans []scan, pg []placed, c config, asTurned bool, logf func(string, ...any), opts ...document.Option) (*result, error) {
	sub := make([]scan, len(pg))
	for k, q := range pg {
		sub[k] = scans[q.scan]
	}
	if asTurned {
		for k, q := range pg {
			sub[k].img = puzzle.TurnImage(sub[k].img, q.turn)
		}
		c.turned = false
	}
	res, err := orderRow(ctx, sub, c, logf, opts...)
	if err != nil {
		return nil, err
	}
	out := &result{kind: "strips", scans: scans}
	for _, p := range res.pages {
		var evidence float64
		page := make([]placed, len(p))
		for k, q := range p {
			evidence += res.upright[q.scan]
			if asTurned {
				q.turn = pg[q.scan].turn
			}
			q.scan = pg[q.scan].scan
			page[k] = q
		}
		if asTurned && evidence < 0 {
			page = turnPage(page, scans)
		}
		out.pages = append(out.pages, page)
	}
	for _, b := range res.blank {
		out.blank = append(out.blank, pg[b].scan)
	}
	return out, nil
}

// turnPage turns a page as a whole: its strips in reverse order, each
// turned a half turn more, the rows that lay lowest now highest.
func turnPage(pg []placed, scans []scan) []placed {
	out := make([]placed, len(pg))
	for k, q := range pg {
		q.turn = q.turn.Add(2)
		q.dy = -(q.dy + scans[q.scan].img.Bounds().Dy())
		out[len(pg)-1-k] = q
	}
	return out
}

// pageTraining returns the fine-tuning of each page's pair model when a
// collection's pass found pages pages: they share pageBudget windows,
// each read pageEpochs times, a page taking at least pageWindowsLeast
// and at most pageWindowsMost. The more windows a page's model reads,
// the steadier its verdict on the page's marginal joins, where a strip
// or two of few letters meet: on the shared collection D1's five really
// shredded pages mixed (seeds 1-6), 15,000 windows read twice gave mean
// neighbour accuracy 0.901, 60,000 three times 0.932, 120,000 0.949 and
// 240,000 0.957 (0.96 is the most five pages allow), for 3.2 s against
// 8 s on 2 cores; D2's three pages gave their most, 0.975, either way.
// A thousand strips of some seventy pages get about 17,000 windows a
// page, read three times where 15,000 were read twice: 1,013 rendered
// strips took 24 s on 2 cores instead of 21, under the 30 s wanted, and
// scored 0.914 either way. A single page is fine-tuned as NewTable's
// default has it.
func pageTraining(pages int) document.Option {
	windows := min(pageWindowsMost, max(pageWindowsLeast, pageBudget/max(pages, 1)))
	return document.WithTraining(windows, pageEpochs)
}

const (
	pageBudget       = 1_200_000
	pageWindowsMost  = 240_000
	pageWindowsLeast = 15_000
	pageEpochs       = 3
)

// minPageStrips is the fewest strips a page found among several must hold
// to be ordered again on its own: fewer give the pair model too little to
// be fitted to. Fewer, beside a page that holds as many, are a scrap cut
// off a page's edge (dropScraps).
const minPageStrips = 4

// orderRow orders the strips: the document measures price every join, the
// blank strips are set aside, the strip solver orders the rest (exactly,
// for a page's worth), the page is turned the way its text reads, the
// blank strips go to the ends, and the row is cut into pages where a join
// is likelier two page edges. Each scan's picture is replaced by the
// puzzle's copy of it, the same pixels.
func orderRow(ctx context.Context, scans []scan, c config, logf func(string, ...any), opts ...document.Option) (*result, error) {
	imgs := make([]image.Image, len(scans))
	for i, s := range scans {
		if sz := s.img.Bounds().Size(); sz.X < 2 || sz.Y < 2 {
			return nil, fmt.Errorf("%s is %d×%d pixels: a strip must be at least 2 pixels each way", s.name, sz.X, sz.Y)
		}
		imgs[i] = s.img
	}
	p, err := puzzle.FromStrips(imgs)
	if err != nil {
		return nil, err
	}
	// The puzzle's copies show the same pixels; keeping them instead of
	// the scans read holds one copy of a large collection, not two.
	for i := range scans {
		scans[i].img = p.Pieces[i].Image
	}
	p.Rotatable, p.HalfTurns = c.turned, c.turned
	t0 := time.Now()
	tab, err := document.NewTable(ctx, p, append([]document.Option{document.WithSeed(c.seed)}, opts...)...)
	if err != nil {
		return nil, err
	}
	logf("%d strips priced in %.2f s (torn depth %d px, rows out of line up to %d)", len(scans), time.Since(t0).Seconds(), tab.Depth(), tab.Shift())
	res := &result{kind: "strips", scans: scans, upright: make([]float64, len(scans))}
	var keep []int
	for i := range scans {
		res.upright[i] = tab.Upright(i)
		if tab.Blank(i) {
			res.blank = append(res.blank, i)
		} else {
			keep = append(keep, i)
		}
	}
	row, err := orderStrips(ctx, p, tab, keep, c.seed)
	if err != nil {
		return nil, err
	}
	// Cut the row into pages where a join is likelier two page edges,
	// turn each page the way its text reads, then give each scrap and
	// each blank strip to the end of a page it fits best.
	var pages [][]puzzle.Placement
	for k, pl := range row {
		if k == 0 || tab.PageBreak(row[k-1], pl) {
			pages = append(pages, nil)
		}
		pages[len(pages)-1] = append(pages[len(pages)-1], pl)
	}
	pages, scraps := dropScraps(pages)
	for g := range pages {
		pages[g] = uprightPage(tab, pages[g], p.Rotatable)
	}
	pages = attachBlanks(tab, p, pages, append(scraps, res.blank...))
	// Place each strip's rows against its left neighbour's.
	for _, pg := range pages {
		var page []placed
		dy := 0
		for k, pl := range pg {
			if k > 0 {
				dy += tab.Offset(pg[k-1], puzzle.Right, pl)
			}
			page = append(page, placed{scan: int(pl.Piece), turn: pl.Rotation, dy: dy})
		}
		res.pages = append(res.pages, page)
	}
	return res, nil
}

// orderStrips solves the row of the strips in keep.
func orderStrips(ctx context.Context, p *puzzle.Puzzle, tab *document.Table, keep []int, seed uint64) ([]puzzle.Placement, error) {
	if len(keep) == 0 {
		return nil, nil
	}
	sub := &puzzle.Puzzle{Rows: 1, Cols: len(keep), Rule: p.Rule, Rotatable: p.Rotatable, HalfTurns: p.HalfTurns}
	for k, i := range keep {
		sub.Pieces = append(sub.Pieces, puzzle.Piece{ID: puzzle.PieceID(k), Image: p.Pieces[i].Image})
	}
	res, err := strips.New().Solve(ctx, solve.Problem{Puzzle: sub, Scorer: subset{tab, keep}}, solve.WithSeed(seed))
	if err != nil {
		return nil, err
	}
	var row []puzzle.Placement
	for _, pl := range res.Board.Cells {
		if !pl.IsEmpty() {
			pl.Piece = puzzle.PieceID(keep[pl.Piece])
			row = append(row, pl)
		}
	}
	return row, nil
}

// subset prices a sub-puzzle's pieces by the whole table: piece k of the
// sub-puzzle is the table's piece ids[k].
type subset struct {
	t   *document.Table
	ids []int
}

func (s subset) of(pl puzzle.Placement) puzzle.Placement {
	pl.Piece = puzzle.PieceID(s.ids[pl.Piece])
	return pl
}

func (s subset) Score(a puzzle.Placement, side puzzle.Side, b puzzle.Placement) float64 {
	return s.t.Score(s.of(a), side, s.of(b))
}

func (s subset) ScoreFrame(a puzzle.Placement, side puzzle.Side) float64 {
	return s.t.ScoreFrame(s.of(a), side)
}

// uprightPage turns the row as a whole when its strips, each counted the
// way it lies in the row, read upside down.
func uprightPage(tab *document.Table, row []puzzle.Placement, turns bool) []puzzle.Placement {
	if !turns {
		return row
	}
	var u float64
	for _, pl := range row {
		e := tab.Upright(int(pl.Piece))
		if pl.Rotation == 2 {
			e = -e
		}
		u += e
	}
	if u >= 0 {
		return row
	}
	slices.Reverse(row)
	for k := range row {
		row[k].Rotation = row[k].Rotation.Add(2)
	}
	return row
}

// dropScraps takes out of pages the scraps, pages of fewer than
// minPageStrips strips, and returns the strips they held, when some page
// holds that many. A strip at a page's edge has a margin on one side and
// a line or two of text on the other, and the cut between pages often
// falls on both its sides, leaving it a page of its own; another page's
// end is where it belongs, as a blank strip's is.
func dropScraps(pages [][]puzzle.Placement) ([][]puzzle.Placement, []int) {
	if !slices.ContainsFunc(pages, func(pg []puzzle.Placement) bool { return len(pg) >= minPageStrips }) {
		return pages, nil
	}
	var kept [][]puzzle.Placement
	var scraps []int
	for _, pg := range pages {
		if len(pg) >= minPageStrips {
			kept = append(kept, pg)
			continue
		}
		for _, pl := range pg {
			scraps = append(scraps, int(pl.Piece))
		}
	}
	return kept, scraps
}

// attachBlanks puts each strip of blank (blank strips, and the scraps
// dropScraps took out) at whichever end of whichever page, turned
// whichever way, costs least: such strips are margins, and what little
// they show (a speck, a torn edge, a line's end) is all there is to go
// by. With no page at all, the strips make one.
func attachBlanks(tab *document.Table, p *puzzle.Puzzle, pages [][]puzzle.Placement, blank []int) [][]puzzle.Placement {
	for _, i := range blank {
		if len(pages) == 0 {
			pages = append(pages, []puzzle.Placement{{Piece: puzzle.PieceID(i)}})
			continue
		}
		var best puzzle.Placement
		page, left, bestCost := 0, false, math.Inf(1)
		for g, row := range pages {
			for _, r := range p.Turns() {
				pl := puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: r}
				last, first := row[len(row)-1], row[0]
				if d := tab.Score(last, puzzle.Right, pl) + tab.ScoreFrame(pl, puzzle.Right) - tab.ScoreFrame(last, puzzle.Right); d < bestCost {
					best, page, left, bestCost = pl, g, false, d
				}
				if d := tab.Score(pl, puzzle.Right, first) + tab.ScoreFrame(pl, puzzle.Left) - tab.ScoreFrame(first, puzzle.Left); d < bestCost {
					best, page, left, bestCost = pl, g, true, d
				}
			}
		}
		if left {
			pages[page] = append([]puzzle.Placement{best}, pages[page]...)
		} else {
			pages[page] = append(pages[page], best)
		}
	}
	return pages
}
