//! Writing a diagram: the text format of docs/FORMATS.md, and Graphviz.
//!
//! Text: one line per node, children first, `ID OPTION LO HI`, where
//! `OPTION` is the option's index in the problem (from 0) and `LO`, `HI`
//! are earlier ids or the terminals `B` (⊥) and `T` (⊤); `pin OPTION`
//! lines before them for pinned options, and `root ID` last. Ids run from
//! 2 in the order written.

use super::Zdd;
use super::nodes::Node;
use std::io::{self, Write};

impl Zdd {
    fn id(n: Node) -> String {
        match n {
            Node::BOTTOM => "B".to_string(),
            Node::TOP => "T".to_string(),
            n => n.as_u32().to_string(),
        }
    }

    /// Writes the diagram in the text format of docs/FORMATS.md.
    ///
    /// ```
    /// use exactcover::cover::Problem;
    ///
    /// // Items a b; options 0: a, 1: b, 2: a b. Two solutions: {0, 1}, {2}.
    /// let p = Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let mut text = Vec::new();
    /// p.solver().zdd()?.write_text(&mut text)?;
    /// let text = String::from_utf8(text)?;
    /// assert_eq!(text, "# exactcover zdd 1\n# 2 solutions, 3 nodes\n2 1 B T\n3 2 B T\n4 0 3 2\nroot 4\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# exactcover zdd 1")?;
        writeln!(out, "# {} solutions, {} nodes", self.count(), self.node_count())?;
        for p in &self.pins {
            writeln!(out, "pin {p}")?;
        }
        for (n, b) in self.nodes.iter() {
            writeln!(out, "{} {} {} {}", n.as_u32(), b.option, Zdd::id(b.lo), Zdd::id(b.hi))?;
        }
        writeln!(out, "root {}", Zdd::id(self.root))
    }

    /// Writes the diagram for Graphviz's `dot`: a box per node with its
    /// option's text, a solid arrow to `hi` and a dashed one to `lo`
    /// (arrows to ⊥ left out). Meant for small diagrams: a drawing of more
    /// than a few hundred nodes is hard to read.
    pub fn write_dot(&self, out: &mut dyn Write) -> io::Result<()> {
        let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(out, "digraph zdd {{")?;
        writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
        writeln!(out, "  T [label=\"⊤\", shape=square];")?;
        for (n, b) in self.nodes.iter() {
            let text = escape(&self.problem.format_option(b.option));
            writeln!(out, "  n{} [label=\"{}: {}\"];", n.as_u32(), b.option, text)?;
            for (child, style) in [(b.hi, ""), (b.lo, " [style=dashed]")] {
                match child {
                    Node::BOTTOM => {}
                    Node::TOP => writeln!(out, "  n{} -> T{style};", n.as_u32())?,
                    c => writeln!(out, "  n{} -> n{}{style};", n.as_u32(), c.as_u32())?,
                }
            }
        }
        if self.root.is_terminal() {
            writeln!(out, "  root [shape=plaintext, label=\"root: {}\"];", Zdd::id(self.root))?;
        }
        writeln!(out, "}}")
    }
}
