package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.integrity.SpecDocuments.Kind;
import dev.tableindex.tck.integrity.SpecDocuments.Section;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecDocumentsTest {

    private static final Path REPO_SPEC = Path.of("..", "spec");

    private static List<String> anchors(SpecDocuments docs, String file) {
        return docs.sections().get(file).stream().map(Section::anchor).collect(Collectors.toList());
    }

    // ------------------------------------------------------------ slugs and Markdown headings

    @Test
    void slugsHeadingsTheWayGitHubDoes() {
        assertThat(SpecDocuments.slug("Key Encoding")).isEqualTo("key-encoding");
        assertThat(SpecDocuments.slug("Non-Materialized Fields")).isEqualTo("non-materialized-fields");
        assertThat(SpecDocuments.slug("Top-level index configuration")).isEqualTo("top-level-index-configuration");
        assertThat(SpecDocuments.slug("FAQ")).isEqualTo("faq");
        assertThat(SpecDocuments.slug("C++ & Java!")).isEqualTo("c--java");
        assertThat(SpecDocuments.slug("The `key_types` field (v2)")).isEqualTo("the-key_types-field-v2");
        assertThat(SpecDocuments.slug("See [BTree](btree.md) files")).isEqualTo("see-btree-files");
        assertThat(SpecDocuments.slug("Größe und Maß")).isEqualTo("größe-und-maß");
    }

    @Test
    void repeatedHeadingsGetNumberedSuffixesInDocumentOrder() {
        SpecDocuments docs = SpecDocuments.of(Map.of("d.md", "# A\n## A\n### A\n# A-1\n## B\n"));
        assertThat(anchors(docs, "d.md")).containsExactly("a", "a-1", "a-2", "a-1-1", "b");
        assertThat(docs.resolves("d.md#a-2")).isTrue();
    }

    @Test
    void skipsFrontMatterCommentsAndCodeAndReadsSetextHeadings() {
        String md = String.join("\n",
                "---",
                "title: \"Not a heading\"",
                "---",
                "<!--",
                " - licence text",
                " -",
                "# not a heading either",
                " -->",
                "# Title #",
                "",
                "```text",
                "# a comment in code",
                "```",
                "",
                "Setext Two",
                "----------",
                "",
                "    # indented code",
                "#hashtag is a paragraph",
                "   ### Indented three ###",
                "");
        SpecDocuments docs = SpecDocuments.of(Map.of("d.md", md));
        List<Section> s = docs.sections().get("d.md");
        assertThat(s).extracting(Section::anchor).containsExactly("title", "setext-two", "indented-three");
        assertThat(s).extracting(Section::heading).containsExactly("Title", "Setext Two", "Indented three");
        assertThat(s).extracting(Section::level).containsExactly(1, 2, 3);
        assertThat(s).extracting(Section::line).containsExactly(9, 15, 20);
    }

    // ------------------------------------------------------------ proto anchors

    @Test
    void protoAnchorsNameMessagesFieldsOneofFieldsEnumsAndValues() {
        String proto = String.join("\n",
                "syntax = \"proto3\";",
                "package x;",
                "import \"google/protobuf/any.proto\";",
                "option java_package = \"a.b\";",
                "// message Commented { int32 no = 1; }",
                "/* message AlsoCommented {",
                "   int32 no = 1; } */",
                "message Outer {",
                "  message Inner { repeated int32 ids = 1 [packed = true]; }",
                "  enum Kind { KIND_UNSPECIFIED = 0; KIND_A = 1; option allow_alias = true; }",
                "  map<string, bytes> meta = 1;",
                "  Inner inner = 2;",
                "  oneof choice {",
                "    bytes inline = 3;",
                "    Inner external = 4;",
                "  }",
                "  reserved 5, 6;",
                "  reserved \"gone\";",
                "  optional uint64 pos = 7; // trailing { brace",
                "}",
                "enum Top { TOP_NONE = 0; TOP_NEG = -1; }",
                "service S { rpc Call(Outer) returns (Outer); }",
                "");
        SpecDocuments docs = SpecDocuments.of(Map.of("x.proto", proto));
        assertThat(anchors(docs, "x.proto")).containsExactly(
                "Outer", "Outer.Inner", "Outer.Inner.ids", "Outer.Kind", "Outer.Kind.KIND_UNSPECIFIED",
                "Outer.Kind.KIND_A", "Outer.meta", "Outer.inner", "Outer.inline", "Outer.external", "Outer.pos",
                "Top", "Top.TOP_NONE", "Top.TOP_NEG");
        Section meta = docs.find("x.proto#Outer.meta").orElseThrow();
        assertThat(meta.kind()).isEqualTo(Kind.FIELD);
        assertThat(meta.parent()).isEqualTo("Outer");
        assertThat(meta.heading()).isEqualTo("field Outer.meta (map<string, bytes> = 1)");
        assertThat(meta.line()).isEqualTo(11);
        assertThat(docs.find("x.proto#Top.TOP_NEG").orElseThrow().heading()).isEqualTo("enum value Top.TOP_NEG = -1");
        assertThat(docs.resolves("x.proto#Outer.gone")).isFalse();
        assertThat(docs.resolves("x.proto#Commented")).isFalse();
        assertThat(docs.resolves("x.proto#AlsoCommented")).isFalse();
        assertThat(docs.resolves("x.proto#outer")).isFalse();
    }

    // ------------------------------------------------------------ the shipped documents

    @Test
    void loadsTheShippedDocumentsFromTheClasspath() {
        SpecDocuments docs = SpecDocuments.load();
        assertThat(docs.files()).containsExactly("iceberg-index-spec-draft.md", "lance-index-v2-design.md",
                "lance-list-element-index.md", "lance-table.proto");
        assertThat(anchors(docs, "lance-list-element-index.md")).contains(
                "list-element-index", "index-details", "storage-layout", "key-encoding", "accelerated-queries");
        assertThat(anchors(docs, "lance-index-v2-design.md")).containsExactly(
                "top-level-index-configuration", "designing-new-messages", "goals", "faq", "code", "plan");
        assertThat(docs.resolves("lance-list-element-index.md#key-encoding")).isTrue();
        assertThat(docs.resolves("iceberg-index-spec-draft.md#group-max-value")).isTrue();
        for (String anchor : List.of("Manifest", "Manifest.index_section", "Manifest.WriterVersion",
                "Manifest.WriterVersion.prerelease", "Manifest.DataStorageFormat.file_format", "IndexMetadata",
                "IndexMetadata.fragment_bitmap", "IndexMetadata.files", "IndexFile.size_bytes",
                "IndexSection.indices", "DataFragment.inline_row_ids", "DataFragment.external_created_at_versions",
                "DataOverlayFile.field_coverage", "DeletionFile.DeletionFileType", "DeletionFile.DeletionFileType.BITMAP",
                "FragmentReuseIndexDetails.InlineContent.versions", "FragmentReuseIndexDetails.inline",
                "ShardStatus.SEALED", "SsTable.in_memory_bytes", "SsTable.primary_key_bytes", "ShardingField.parameters")) {
            assertThat(docs.resolves("lance-table.proto#" + anchor)).as(anchor).isTrue();
        }
        assertThat(docs.resolves("lance-table.proto#Manifest.blob_dataset_version")).isFalse(); // reserved
        assertThat(docs.resolves("lance-table.proto#DataFragment.row_id_sequence")).isFalse(); // a oneof name
        assertThat(docs.resolves("README.md#the-kits-copy-of-the-spec")).isFalse();
    }

    @Test
    void classpathAndRepositoryFolderAgree() {
        SpecDocuments classpath = SpecDocuments.load();
        SpecDocuments folder = SpecDocuments.fromFolder(REPO_SPEC);
        assertThat(classpath.sections()).isEqualTo(folder.sections());
    }

    /** The Iceberg draft links to its own sections; every such link must land on one of our anchors. */
    @Test
    void everyInDocumentLinkOfTheShippedMarkdownResolves() throws Exception {
        SpecDocuments docs = SpecDocuments.fromFolder(REPO_SPEC);
        Pattern link = Pattern.compile("\\]\\(#([^)\\s]+)\\)");
        int checked = 0;
        for (String file : docs.files()) {
            if (!file.endsWith(".md")) {
                continue;
            }
            Matcher m = link.matcher(Files.readString(REPO_SPEC.resolve(file)));
            while (m.find()) {
                assertThat(docs.resolves(file + "#" + m.group(1))).as(file + " links to #" + m.group(1)).isTrue();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(5);
    }

    @Test
    void explainsWhyACitationDoesNotResolve() {
        SpecDocuments docs = SpecDocuments.fromFolder(REPO_SPEC);
        assertThat(docs.explain("lance-list-element-index.md#key-encoding")).isEmpty();
        assertThat(docs.explain("lance-list-element-index.md#Key Encoding")).get().asString()
                .contains("has no anchor #Key Encoding").contains("did you mean #key-encoding?");
        assertThat(docs.explain("lance-table.proto#indexmetadata")).get().asString()
                .contains("did you mean #IndexMetadata?");
        assertThat(docs.explain("table.proto#Manifest")).get().asString()
                .contains("no spec document table.proto").contains("lance-table.proto");
        assertThat(docs.explain("lance-table.proto")).get().asString().contains("has no #anchor");
    }

    @Test
    void readsAFolderAndIgnoresItsReadme(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("README.md"), "# About\n");
        Files.writeString(dir.resolve("a.md"), "# One\n## Two\n");
        Files.writeString(dir.resolve("notes.txt"), "# not a document\n");
        SpecDocuments docs = SpecDocuments.fromFolder(dir);
        assertThat(docs.files()).containsExactly("a.md");
        assertThat(docs.sections().get("a.md")).extracting(Section::citation).containsExactly("a.md#one", "a.md#two");
    }
}
