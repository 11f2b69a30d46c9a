"""The page's own stylesheet and script (the graph library itself comes from the ``view`` extra).

Kept as Python strings so they ship in the wheel without package-data rules. The script reads
the JSON blob ``#memory-data`` and writes only text nodes (``textContent``), never HTML, so a
statement cannot inject markup.
"""

from __future__ import annotations

__all__ = ["PAGE_CSS", "PAGE_JS"]

PAGE_CSS = r"""
:root { --fg:#1f2328; --muted:#59636e; --line:#d0d7de; --bg:#f6f8fa; --accent:#1a73e8;
  --ended:#9aa0a6; --current:#1a73e8; --unsure:#c58af9; --hl:#e37400; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC","Noto Sans",sans-serif;
  color:var(--fg); background:#fff; }
header { padding:14px 20px 10px; border-bottom:1px solid var(--line); background:var(--bg); }
header h1 { margin:0 0 4px; font-size:20px; }
header .stats, header .note { color:var(--muted); margin:2px 0; }
header select { font:inherit; margin-left:6px; }
main { display:grid; grid-template-columns: minmax(0,1fr) minmax(0,1fr); gap:16px; padding:16px 20px; }
section { border:1px solid var(--line); border-radius:8px; padding:10px 12px; min-width:0; }
section.wide { grid-column: 1 / -1; }
section h2 { margin:0 0 6px; font-size:16px; }
.controls { display:flex; flex-wrap:wrap; gap:10px; align-items:center; color:var(--muted); margin-bottom:6px; }
.controls input[type=range] { width:160px; }
.graph { height:520px; border:1px solid var(--line); border-radius:6px; background:#fff; }
.row { display:grid; grid-template-columns:minmax(0,1fr) 220px; gap:10px; }
.side { max-height:520px; overflow:auto; font-size:13px; }
.side ul { list-style:none; padding:0; margin:0; }
.side li { padding:1px 4px; cursor:pointer; border-radius:3px; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
.side li:hover { background:var(--bg); }
.side li .n { color:var(--muted); }
.details { font-size:13px; border-top:1px solid var(--line); margin-top:6px; padding-top:6px; }
.details p { margin:2px 0; }
.legend span { margin-right:14px; }
.legend .cur { color:var(--current); font-weight:600; }
.legend .end { color:var(--ended); }
.legend .unsure { color:var(--unsure); }
.empty { color:var(--muted); font-style:italic; padding:20px; }
#timeline-box { max-height:640px; overflow:auto; border:1px solid var(--line); border-radius:6px; }
#timeline text { font-size:12px; fill:var(--fg); }
#timeline .axis text { fill:var(--muted); font-size:11px; }
#timeline .axis line { stroke:var(--line); }
#timeline rect.bar.current { fill:var(--current); }
#timeline rect.bar.ended { fill:var(--ended); }
#timeline rect.bar.unsure { fill:none; stroke:var(--unsure); stroke-width:1.5; stroke-dasharray:3 3; }
#timeline text.span { fill:var(--muted); font-size:11px; }
#timeline line.group { stroke:var(--line); }
#recall-form { display:flex; gap:8px; }
#recall-form input { flex:1; font:inherit; padding:5px 8px; }
#recall-form button { font:inherit; padding:5px 12px; }
.chips button { font:inherit; font-size:12px; margin:4px 6px 0 0; padding:2px 8px; border:1px solid var(--line);
  border-radius:12px; background:var(--bg); cursor:pointer; }
#recall-result table { border-collapse:collapse; width:100%; margin-top:6px; font-size:13px; }
#recall-result th, #recall-result td { border-bottom:1px solid var(--line); padding:3px 6px; text-align:left; vertical-align:top; }
#recall-result td.num { text-align:right; white-space:nowrap; font-variant-numeric:tabular-nums; }
#recall-result .meta { color:var(--muted); margin-top:6px; }
.concept-chip { display:inline-block; margin:2px 4px 2px 0; padding:0 6px; border-radius:10px; background:var(--bg);
  border:1px solid var(--line); font-size:12px; }
.concept-chip.essential { border-color:var(--hl); font-weight:600; }
.fact { background:#e8f0fe; padding:3px 8px; border-radius:4px; margin:4px 0; }
@media (max-width: 1100px) { main { grid-template-columns: minmax(0,1fr); } }
"""

PAGE_JS = r"""
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('memory-data').textContent);
  var TYPE_COLORS = { PERSON: '#8ab4f8', ORG: '#81c995', PROJECT: '#fdd663', LOCATION: '#f28b82',
    PRODUCT: '#c58af9', DATE: '#78d9ec', EVENT: '#fcad70' };
  var UNSURE_NOTE = 'unsure: a later statement left it in doubt, not stated as current';
  var state = { ns: null, concepts: null, entities: null, ready: {} };

  function $(id) { return document.getElementById(id); }
  // '+' is a space; each run of %XX escapes is decoded when it is valid UTF-8 and kept as typed
  // otherwise, so a bare '%' ("a 10% raise") stays a '%' instead of throwing a URIError
  function decodeQuestion(text) {
    return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, function (run) {
      try { return decodeURIComponent(run); } catch (e) { return run; }
    });
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) { Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); }); }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function svg(tag, attrs, text) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function fmt(n) { return Number(n).toLocaleString('en-US'); }
  function day(iso) { return iso ? iso.slice(0, 10) : ''; }
  function markReady(which) {
    state.ready[which] = true;
    document.body.setAttribute('data-' + which + '-ready', performance.now().toFixed(0));
    if (state.ready.concepts && state.ready.entities && state.ready.timeline) {
      document.body.setAttribute('data-ready', performance.now().toFixed(0));
    }
  }

  // ------------------------------------------------------------------ header
  function drawHeader(ns) {
    var s = ns.stats, c = ns.concepts, e = ns.entities;
    $('stats').textContent = 'namespace ' + ns.namespace + ' · ' + fmt(s.statements) + ' statements over ' +
      fmt(ns.step) + ' steps' + (ns.first_at ? ' (' + day(ns.first_at) + ' to ' + day(ns.newest_at) + ')' : '') +
      ' · ' + fmt(s.concepts) + ' concepts, ' + fmt(s.links) + ' links · ' + fmt(s.entities) + ' entities, ' +
      fmt(s.relations) + ' relations (' + fmt(e.current_relations) + ' current)';
    var parts = [];
    if (c.nodes.length < c.total_nodes || c.edges.length < c.total_edges) {
      parts.push('Concept graph: the ' + fmt(c.nodes.length) + ' most mentioned of ' + fmt(c.total_nodes) +
        ' linked concepts and the ' + fmt(c.edges.length) + ' strongest of ' + fmt(c.total_edges) + ' edges.');
    }
    if (e.nodes.length < e.total_nodes || e.relations.length < e.total_relations) {
      parts.push('Entities: the ' + fmt(e.nodes.length) + ' of ' + fmt(e.total_nodes) +
        ' with the most relations, and the newest ' + fmt(e.relations.length) + ' of ' + fmt(e.total_relations) +
        ' relations among them.');
    }
    $('aggregation').textContent = parts.length ? 'Large memory, aggregated: ' + parts.join(' ') +
      ' (limits can be raised: recall-memory view --max-concepts N ...)' : '';
    $('empty-note').textContent = s.statements ? '' :
      'This namespace is empty. Add statements first (recall-memory add ...), or try recall-memory view --demo.';
  }

  // ------------------------------------------------------------------ concept graph
  function conceptDetails(node) {
    var box = $('concept-details'); clear(box);
    if (!node) { return; }
    box.appendChild(el('p', null, node.label + (node.label !== node.id ? ' (stored as ' + node.id + ')' : '')));
    box.appendChild(el('p', null, 'mentions ' + node.mentions + ' · last step ' + node.t + ' · ' + node.degree +
      ' links · revisions ' + node.revisions));
    if (node.aliases.length > 1) { box.appendChild(el('p', null, 'seen as: ' + node.aliases.join(', '))); }
    node.context.forEach(function (row) {
      box.appendChild(el('p', { 'class': 'ctx' }, '[' + row[0] + ' · ' + day(row[1]) + '] ' +
        (row[2] ? row[2] + ': ' : '') + row[3]));
    });
  }

  function drawConcepts(ns) {
    var c = ns.concepts, byId = {};
    c.nodes.forEach(function (n) { byId[n.id] = n; });
    var list = $('concept-list'); clear(list);
    c.nodes.forEach(function (n) {
      var li = el('li', { 'data-id': n.id, title: n.label });
      li.appendChild(document.createTextNode(n.label + ' '));
      li.appendChild(el('span', { 'class': 'n' }, '(' + n.mentions + ')'));
      li.addEventListener('click', function () { focusConcept(n.id); });
      list.appendChild(li);
    });
    var lo = $('step-from'), hi = $('step-to'), max = Math.max(ns.step, 1);
    [lo, hi].forEach(function (input) { input.min = 1; input.max = max; });
    lo.value = 1; hi.value = max;
    var container = $('concept-graph'); clear(container);
    if (!c.nodes.length) {
      container.appendChild(el('div', { 'class': 'empty' }, 'No linked concepts yet.'));
      state.concepts = null; updateRange(); markReady('concepts'); return;
    }
    var nodes = new vis.DataSet(c.nodes.map(function (n) {
      return { id: n.id, label: n.label, value: n.mentions, t: n.t, x: n.xy[0], y: n.xy[1],
        title: n.label + '\nmentions ' + n.mentions + ' · last step ' + n.t + ' · ' + n.degree + ' links' };
    }));
    var edges = new vis.DataSet(c.edges.map(function (e, i) {
      return { id: i, from: e.from, to: e.to, value: e.strength, t: e.t,
        title: 'strength ' + e.strength + ' · last step ' + e.t };
    }));
    var range = { lo: 1, hi: max };
    var nodeView = new vis.DataView(nodes, { filter: function (n) { return n.t >= range.lo && n.t <= range.hi; } });
    var edgeView = new vis.DataView(edges, { filter: function (e) { return e.t >= range.lo && e.t <= range.hi; } });
    var network = new vis.Network(container, { nodes: nodeView, edges: edgeView }, {
      nodes: { shape: 'dot', scaling: { min: 6, max: 36, label: { enabled: true, min: 12, max: 26 } },
        font: { face: 'system-ui, "Noto Sans CJK SC", sans-serif', color: '#1f2328' },
        color: { background: '#8ab4f8', border: '#3367d6',
          highlight: { background: '#fbbc04', border: '#e37400' }, hover: { background: '#aecbfa', border: '#3367d6' } } },
      edges: { scaling: { min: 1, max: 8 }, smooth: false,
        color: { color: '#b9c1cc', highlight: '#e37400', hover: '#7f8a99' } },
      physics: false, layout: { improvedLayout: false },
      interaction: { hover: true, tooltipDelay: 150, hideEdgesOnDrag: true }
    });
    network.once('afterDrawing', function () {
      container.setAttribute('data-drawn-nodes', String(network.body.nodeIndices.length));
      container.setAttribute('data-drawn-edges', String(network.body.edgeIndices.length));
      markReady('concepts');
    });
    network.on('click', function (params) { conceptDetails(params.nodes.length ? byId[params.nodes[0]] : null); });
    state.concepts = { network: network, nodeView: nodeView, edgeView: edgeView, range: range, byId: byId };
    updateRange();
  }

  function updateRange() {
    var lo = $('step-from'), hi = $('step-to');
    var a = Number(lo.value), b = Number(hi.value);
    if (a > b) { if (this === lo) { hi.value = a; b = a; } else { lo.value = b; a = b; } }
    $('step-range').textContent = 'last mentioned in steps ' + a + '–' + b;
    var s = state.concepts;
    if (!s) { return; }
    s.range.lo = a; s.range.hi = b;
    s.nodeView.refresh(); s.edgeView.refresh();
    $('concept-graph').setAttribute('data-visible-nodes', String(s.nodeView.length));
  }

  function focusConcept(id) {
    var s = state.concepts;
    if (!s || !s.byId[id]) { return; }
    s.network.selectNodes([id]);
    s.network.focus(id, { scale: 1.2, animation: false });
    conceptDetails(s.byId[id]);
  }

  // ------------------------------------------------------------------ entity graph
  function drawEntities(ns) {
    var e = ns.entities, byId = {};
    e.nodes.forEach(function (n) { byId[n.id] = n; });
    var list = $('entity-list'); clear(list);
    e.nodes.forEach(function (n) {
      var li = el('li', { 'data-id': n.id, title: n.label + ' (' + n.type + ')' });
      li.appendChild(document.createTextNode(n.label + ' '));
      li.appendChild(el('span', { 'class': 'n' }, n.type.toLowerCase() + ', ' + n.degree));
      li.addEventListener('click', function () { showEntity(n.id); });
      list.appendChild(li);
    });
    var container = $('entity-graph'); clear(container);
    var rels = e.relations.filter(function (r) { return r.to !== null && byId[r.from] && byId[r.to]; });
    var linked = {};
    rels.forEach(function (r) { linked[r.from] = true; linked[r.to] = true; });
    var shown = e.nodes.filter(function (n) { return linked[n.id]; });
    if (!shown.length) {
      container.appendChild(el('div', { 'class': 'empty' }, 'No relations between entities yet.'));
      state.entities = null; markReady('entities'); return;
    }
    var nodes = new vis.DataSet(shown.map(function (n) {
      return { id: n.id, label: n.label, value: n.degree + 1, color: TYPE_COLORS[n.type] || '#dadce0',
        x: n.xy ? n.xy[0] : undefined, y: n.xy ? n.xy[1] : undefined,
        title: n.label + ' (' + n.type + ')\nsteps ' + n.first + '–' + n.last + ' · ' + n.degree + ' relations' };
    }));
    var edges = new vis.DataSet(rels.map(function (r) {
      var attrs = Object.keys(r.attributes).map(function (k) { return k + '=' + r.attributes[k]; }).join(', ');
      return { id: r.id, from: r.from, to: r.to, label: r.type + (attrs ? ' (' + attrs + ')' : ''),
        dashes: r.unsure ? [2, 5] : !r.current, width: r.current ? 2.5 : 1.2,
        color: { color: r.current ? '#1a73e8' : r.unsure ? '#c58af9' : '#9aa0a6', highlight: '#e37400' },
        font: { color: r.current ? '#174ea6' : '#80868b', size: 11, strokeWidth: 3 },
        title: r.subject + ' ' + r.type + ' ' + r.object + '\n' + (r.current ? 'current since step ' + r.from_step :
          r.unsure ? UNSURE_NOTE + ' (from step ' + r.from_step + ')' :
          'ended: steps ' + r.from_step + '–' + r.to_step) };
    }));
    var network = new vis.Network(container, { nodes: nodes, edges: edges }, {
      nodes: { shape: 'dot', scaling: { min: 8, max: 30, label: { enabled: true, min: 13, max: 22 } },
        font: { face: 'system-ui, "Noto Sans CJK SC", sans-serif' }, borderWidth: 1 },
      edges: { arrows: { to: { enabled: true, scaleFactor: 0.6 } },
        smooth: { type: 'curvedCW', roundness: 0.12 } },
      physics: false, layout: { improvedLayout: false },
      interaction: { hover: true, tooltipDelay: 150, hideEdgesOnDrag: true }
    });
    network.once('afterDrawing', function () {
      container.setAttribute('data-drawn-nodes', String(network.body.nodeIndices.length));
      container.setAttribute('data-drawn-edges', String(network.body.edgeIndices.length));
      markReady('entities');
    });
    network.on('click', function (params) { if (params.nodes.length) { showEntity(params.nodes[0]); } });
    state.entities = { network: network, byId: byId };
  }

  function showEntity(id) {
    var sel = $('timeline-entity');
    sel.value = id;
    drawTimeline();
    if (state.entities && state.entities.network.body.nodes[id]) { state.entities.network.selectNodes([id]); }
  }

  // ------------------------------------------------------------------ timeline
  function fillEntitySelect(ns) {
    var sel = $('timeline-entity'); clear(sel);
    sel.appendChild(el('option', { value: '' }, 'all shown entities'));
    ns.entities.nodes.forEach(function (n) {
      if (n.degree) { sel.appendChild(el('option', { value: n.id }, n.label)); }
    });
  }

  function drawTimeline() {
    var ns = state.ns, box = $('timeline'), who = $('timeline-entity').value, mode = $('timeline-axis').value;
    clear(box);
    var rows = ns.entities.relations.filter(function (r) { return !who || r.from === who || r.to === who; });
    var order = {};
    rows.forEach(function (r) { if (!(r.from in order)) { order[r.from] = Object.keys(order).length; } });
    rows = rows.slice().sort(function (a, b) {
      return (order[a.from] - order[b.from]) || (a.from_step - b.from_step) || (a.id < b.id ? -1 : 1);
    });
    var width = Math.max(($('timeline-box').clientWidth || 1100) - 4, 700), labelW = 300, rowH = 24, top = 30;
    var height = top + rows.length * rowH + 10;
    box.setAttribute('width', width); box.setAttribute('height', height);
    box.setAttribute('data-rows', String(rows.length)); box.setAttribute('data-axis', mode);
    if (!rows.length) {
      box.setAttribute('height', 40);
      box.appendChild(svg('text', { x: 10, y: 24 }, 'No relations to show.'));
      markReady('timeline'); return;
    }
    var lastStep = Math.max(ns.step, 1);
    function startOf(r) { return mode === 'dates' ? Date.parse(r.from_at) : r.from_step; }
    function endOf(r) {
      if (mode === 'dates') { return Date.parse(r.to_at || r.now_at || ns.newest_at); }
      return r.to_step !== null ? r.to_step : lastStep + 1;
    }
    var lo = Math.min.apply(null, rows.map(startOf)), hi = Math.max.apply(null, rows.map(endOf));
    if (mode === 'steps') { lo = Math.min(lo, 1); hi = Math.max(hi, lastStep + 1); }
    if (hi <= lo) { hi = lo + (mode === 'dates' ? 60000 : 1); }
    var x0 = labelW, x1 = width - 90;
    function x(v) { return x0 + (v - lo) / (hi - lo) * (x1 - x0); }
    var axis = svg('g', { 'class': 'axis' });
    var ticks = 8, i;
    for (i = 0; i <= ticks; i++) {
      var v = lo + (hi - lo) * i / ticks, label;
      if (mode === 'steps') { v = Math.round(v); label = 'step ' + v; }
      else {
        var d = new Date(v).toISOString();
        label = (hi - lo) < 2 * 86400000 ? d.slice(5, 16).replace('T', ' ') : d.slice(0, 10);
      }
      axis.appendChild(svg('line', { x1: x(v), x2: x(v), y1: top - 6, y2: height }));
      axis.appendChild(svg('text', { x: x(v), y: top - 10, 'text-anchor': 'middle' }, label));
    }
    box.appendChild(axis);
    var prev = null;
    rows.forEach(function (r, k) {
      var y = top + k * rowH;
      if (prev !== null && prev !== r.from) {
        box.appendChild(svg('line', { 'class': 'group', x1: 0, x2: width, y1: y, y2: y }));
      }
      prev = r.from;
      var attrs = Object.keys(r.attributes).map(function (a) { return a + '=' + r.attributes[a]; }).join(', ');
      var name = r.subject + ' ' + r.type + (r.object ? ' ' + r.object : '') + (attrs ? ' (' + attrs + ')' : '');
      box.appendChild(svg('text', { x: labelW - 8, y: y + 16, 'text-anchor': 'end', 'class': 'label' }, name));
      var bx = x(startOf(r)), bw = Math.max(x(endOf(r)) - bx, 2);
      var bar = svg('rect', { 'class': 'bar ' + (r.current ? 'current' : r.unsure ? 'unsure' : 'ended'), x: bx.toFixed(2), y: y + 5,
        width: bw.toFixed(2), height: rowH - 10, rx: 3, 'data-rel': r.id, 'data-subject': r.subject,
        'data-object': r.object || '', 'data-type': r.type, 'data-from-step': r.from_step,
        'data-to-step': r.to_step === null ? '' : r.to_step });
      var span = r.current ? 'since step ' + r.from_step + ' (' + day(r.from_at) + '), current'
        : r.unsure ? 'from step ' + r.from_step + ' (' + day(r.from_at) + '), ' + UNSURE_NOTE
        : 'steps ' + r.from_step + '–' + r.to_step + ' (' + day(r.from_at) + ' to ' + day(r.to_at) + '), ended';
      bar.appendChild(svg('title', {}, name + ': ' + span));
      box.appendChild(bar);
      box.appendChild(svg('text', { 'class': 'span', x: (bx + bw + 4).toFixed(2), y: y + 16 },
        r.current ? r.from_step + '→now' : r.unsure ? r.from_step + '→? unsure' : r.from_step + '→' + r.to_step));
    });
    markReady('timeline');
  }

  // ------------------------------------------------------------------ recall inspector
  function showRecall(rec) {
    var box = $('recall-result'); clear(box);
    if (!rec) { return; }
    box.setAttribute('data-question', rec.question);
    box.appendChild(el('div', { 'class': 'meta' }, 'question: ' + rec.question + ' · strategy ' + rec.strategy +
      ' · ' + rec.token_count + '/' + rec.token_budget + ' tokens · ' + rec.source));
    rec.facts.forEach(function (f) { box.appendChild(el('div', { 'class': 'fact' }, f)); });
    var cbox = el('div', { 'class': 'concepts' });
    cbox.appendChild(el('span', { 'class': 'meta' }, 'concepts that led there: '));
    rec.concepts.slice().sort(function (a, b) { return (b.essential - a.essential) || (b.sort_val - a.sort_val); })
      .forEach(function (c) {
        cbox.appendChild(el('span', { 'class': 'concept-chip' + (c.essential ? ' essential' : ''),
          title: (c.essential ? 'from the question' : 'related, depth ' + c.depth) + ' · sort_val ' + c.sort_val +
            ' · last step ' + c.t }, c.label + ' ' + c.sort_val));
      });
    if (!rec.concepts.length) { cbox.appendChild(el('span', { 'class': 'meta' }, 'none (matched by words or recency)')); }
    box.appendChild(cbox);
    var table = el('table'), head = el('tr');
    ['step', 'date', 'score', 'statement', 'concepts'].forEach(function (h) { head.appendChild(el('th', null, h)); });
    table.appendChild(head);
    rec.statements.forEach(function (s) {
      var tr = el('tr');
      tr.appendChild(el('td', { 'class': 'num' }, s.t));
      tr.appendChild(el('td', { 'class': 'num' }, day(s.at)));
      tr.appendChild(el('td', { 'class': 'num' }, s.score.toFixed(3)));
      tr.appendChild(el('td', null, (s.speaker ? s.speaker + ': ' : '') + s.text));
      tr.appendChild(el('td', null, s.concepts.join(', ')));
      table.appendChild(tr);
    });
    box.appendChild(table);
    var sc = state.concepts;
    if (sc) {
      var ids = rec.concepts.map(function (c) { return c.name; }).filter(function (n) { return sc.byId[n]; });
      sc.network.selectNodes(ids);
    }
  }

  function ask(question) {
    var q = question.trim();
    if (!q) { return; }
    $('question').value = q;
    var found = state.ns.recalls.filter(function (r) { return r.question === q; })[0];
    if (found) { showRecall(found); return; }
    if (!DATA.served) {
      var box = $('recall-result'); clear(box);
      box.appendChild(el('div', { 'class': 'meta' }, 'Not precomputed in this file. Run recall-memory serve for live ' +
        'recall, or recall-memory view --question "' + q + '" to add it to the page.'));
      return;
    }
    fetch('recall?namespace=' + encodeURIComponent(state.ns.namespace) + '&q=' + encodeURIComponent(q))
      .then(function (resp) { return resp.json(); })
      .then(function (data) {
        if (data.error) { throw new Error(data.error); }
        state.ns.recalls.push(data); showRecall(data); fillQuestions(state.ns);
      })
      .catch(function (err) { var box = $('recall-result'); clear(box); box.appendChild(el('div', { 'class': 'meta' }, 'error: ' + err.message)); });
  }

  function fillQuestions(ns) {
    var list = $('questions'), chips = $('question-chips');
    clear(list); clear(chips);
    ns.recalls.forEach(function (r) {
      list.appendChild(el('option', { value: r.question }));
      var b = el('button', { type: 'button' }, r.question);
      b.addEventListener('click', function () { ask(r.question); });
      chips.appendChild(b);
    });
    $('recall-mode').textContent = DATA.served ? 'live: any question is answered by the local server' :
      (ns.recalls.length ? 'precomputed questions below; other questions need recall-memory serve' :
        'no precomputed questions; use recall-memory view --question ... or recall-memory serve');
  }

  // ------------------------------------------------------------------ namespace switch
  function render(index) {
    var ns = DATA.namespaces[index];
    state.ns = ns; state.ready = {};
    ['concepts', 'entities', 'timeline'].forEach(function (w) { document.body.removeAttribute('data-' + w + '-ready'); });
    document.body.removeAttribute('data-ready');
    if (state.concepts) { state.concepts.network.destroy(); state.concepts = null; }
    if (state.entities) { state.entities.network.destroy(); state.entities = null; }
    drawHeader(ns);
    conceptDetails(null);
    drawConcepts(ns);
    drawEntities(ns);
    fillEntitySelect(ns);
    drawTimeline();
    fillQuestions(ns);
    showRecall(ns.recalls[0] || null);
    if (ns.recalls[0]) { $('question').value = ns.recalls[0].question; }
  }

  function init() {
    document.title = DATA.title;
    $('title').textContent = DATA.title;
    $('generated').textContent = 'recall-memory-plugins ' + DATA.version + ' · generated ' +
      DATA.generated_at.slice(0, 19).replace('T', ' ') + ' UTC';
    var sel = $('namespace');
    DATA.namespaces.forEach(function (ns, i) { sel.appendChild(el('option', { value: String(i) }, ns.namespace)); });
    sel.parentNode.style.display = DATA.namespaces.length > 1 ? '' : 'none';
    sel.addEventListener('change', function () { render(Number(sel.value)); });
    $('step-from').addEventListener('input', updateRange);
    $('step-to').addEventListener('input', updateRange);
    $('timeline-entity').addEventListener('change', drawTimeline);
    $('timeline-axis').addEventListener('change', drawTimeline);
    $('recall-form').addEventListener('submit', function (ev) { ev.preventDefault(); ask($('question').value); });
    if (typeof vis === 'undefined') {
      $('aggregation').textContent = 'The graph library did not load; graphs are not drawn.';
    }
    render(0);
    // index.html#q=... opens the inspector on that question (precomputed, or live when served)
    var hash = window.location.hash;
    if (hash.indexOf('#q=') === 0) { ask(decodeQuestion(hash.slice(3))); }
  }

  init();
})();
"""
