package org.redisbench.html;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;

/**
 * A markdown report as HTML, with commonmark-java and its GitHub tables, so that every table of the markdown is in
 * the page cell for cell. Its first level-1 heading becomes the page's title rather than a second one. Raw HTML in
 * the markdown is shown as text (a report quotes values it did not write, such as a user's keys), and an image, a PNG
 * chart beside the report, becomes a link to it: the page draws its own charts and needs no file but itself.
 */
record MarkdownBody(String title, String html) {

	private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());

	static MarkdownBody render(String markdown, String fallbackTitle) {
		Node document = Parser.builder().extensions(EXTENSIONS).build().parse(markdown);
		String title = fallbackTitle;
		for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
			if (node instanceof Heading heading && heading.getLevel() == 1) {
				title = text(heading);
				heading.unlink();
				break;
			}
		}
		HtmlRenderer renderer = HtmlRenderer.builder()
			.extensions(EXTENSIONS)
			.escapeHtml(true)
			.sanitizeUrls(true)
			.nodeRendererFactory(ImageAsLink::new)
			.build();
		return new MarkdownBody(title, renderer.render(document));
	}

	/** The text of a node and its children, without markup. */
	static String text(Node node) {
		StringBuilder text = new StringBuilder();
		node.accept(new AbstractVisitor() {
			@Override
			public void visit(Text literal) {
				text.append(literal.getLiteral());
			}

			@Override
			public void visit(Code code) {
				text.append(code.getLiteral());
			}
		});
		return text.toString();
	}

	/** {@code ![alt](chart.png)} as a link to the PNG beside the report, or its alt text for anything but a file. */
	private static final class ImageAsLink implements NodeRenderer {

		private final HtmlWriter html;

		ImageAsLink(HtmlNodeRendererContext context) {
			this.html = context.getWriter();
		}

		@Override
		public Set<Class<? extends Node>> getNodeTypes() {
			return Set.of(Image.class);
		}

		@Override
		public void render(Node node) {
			Image image = (Image) node;
			String destination = image.getDestination();
			String alt = text(image);
			if (destination.matches("[A-Za-z0-9._/-]+") && !destination.startsWith("/")) {
				Map<String, String> attributes = new LinkedHashMap<>();
				attributes.put("class", "png");
				attributes.put("href", destination);
				this.html.tag("a", attributes);
				this.html.text("PNG: " + (alt.isEmpty() ? destination : alt));
				this.html.tag("/a");
			}
			else {
				this.html.text(alt);
			}
		}

	}

}
