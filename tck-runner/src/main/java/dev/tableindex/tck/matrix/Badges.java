package dev.tableindex.tck.matrix;

import dev.tableindex.tck.run.Outcome;

/**
 * An engine's badge, a flat two-part SVG in the manner of shields.io: the engine on the left, on the right its must
 * scenarios passed of those that apply to it. Green when it passes all of them, yellow when it passes its run with
 * known failures or failures at should, red when its run failed.
 */
final class Badges {
    private static final int CHAR_WIDTH = 7;
    private static final int PADDING = 10;

    private Badges() {
    }

    static String svg(ConformanceMatrix.Engine engine) {
        String left = Cells.heading(engine);
        String right = "must " + engine.mustPassed() + "/" + engine.mustApplicable();
        String color = !engine.verdict().equals("PASSED") ? "#e05d44"
                : engine.mustPassed() == engine.mustApplicable() && engine.totals().get(Outcome.EXPECTED_FAIL) == 0
                        && engine.totals().get(Outcome.ADVISORY_FAIL) == 0 ? "#4c1" : "#dfb317";
        int leftWidth = left.length() * CHAR_WIDTH + PADDING;
        int rightWidth = right.length() * CHAR_WIDTH + PADDING;
        String label = Html.escape(left + ": " + right);
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + (leftWidth + rightWidth) + "\" height=\"20\" role=\"img\""
                + " aria-label=\"" + label + "\">\n"
                + "  <title>" + label + "</title>\n"
                + "  <rect width=\"" + leftWidth + "\" height=\"20\" fill=\"#555\"/>\n"
                + "  <rect x=\"" + leftWidth + "\" width=\"" + rightWidth + "\" height=\"20\" fill=\"" + color + "\"/>\n"
                + "  <g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,DejaVu Sans,sans-serif\" font-size=\"11\">\n"
                + "    <text x=\"" + leftWidth / 2 + "\" y=\"14\">" + Html.escape(left) + "</text>\n"
                + "    <text x=\"" + (leftWidth + rightWidth / 2) + "\" y=\"14\">" + Html.escape(right) + "</text>\n"
                + "  </g>\n</svg>\n";
    }
}
