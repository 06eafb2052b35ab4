// report.html's charts: each figure.chart gets one ECharts chart from the JSON the writer put in #chart-data
// (report-html's ChartData), drawn as SVG. Once drawn, a chart's data-drawn says how many of its data points have
// an element on the page, which the tests compare with the writer's data-points. Logs nothing: a console message
// from a report is a defect.
(function () {
  'use strict';
  var specs = JSON.parse(document.getElementById('chart-data').textContent);
  var number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

  function format(value) {
    return value === null || value === undefined ? '–' : number.format(value);
  }

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  // Every series's value at the hovered category, and the range it stands for when it has one.
  function categoryTooltip(spec) {
    return function (params) {
      var lines = [escape(params[0].axisValueLabel)];
      params.forEach(function (p) {
        var series = spec.series[p.seriesIndex];
        if (!series || p.value === null || p.value === undefined) {
          return;
        }
        var range = series.ranges[p.dataIndex];
        lines.push(p.marker + escape(p.seriesName) + ': <b>' + format(p.value) + '</b>' +
          (range ? ' (' + format(range[0]) + ' – ' + format(range[1]) + ')' : ''));
      });
      return lines.join('<br>');
    };
  }

  function xyTooltip(spec) {
    return function (p) {
      return p.marker + escape(p.seriesName) + '<br>' + escape(spec.xTitle) + ': <b>' + format(p.value[0]) +
        '</b><br>' + escape(spec.yTitle) + ': <b>' + format(p.value[1]) + '</b>';
    };
  }

  function option(spec) {
    var xy = spec.kind === 'XY';
    var bars = spec.kind === 'BARS' || spec.kind === 'STACKED_BARS';
    var series = spec.series.map(function (s) {
      return {
        name: s.name,
        type: bars ? 'bar' : 'line',
        stack: spec.kind === 'STACKED_BARS' ? 'sum' : undefined,
        data: s.data,
        showSymbol: true,
        showAllSymbol: true,
        symbolSize: 6,
        connectNulls: false,
        emphasis: { focus: 'series' }
      };
    });
    spec.levels.forEach(function (level) {
      series.push({
        name: level.name,
        type: 'line',
        data: [],
        markLine: { silent: true, symbol: 'none', data: [{ yAxis: level.value, name: level.name }],
          label: { position: 'insideEndTop', formatter: level.name } }
      });
    });
    var many = !xy && spec.categories.length > 4;
    return {
      animation: false,
      tooltip: xy ? { trigger: 'item', formatter: xyTooltip(spec) }
        : { trigger: 'axis', axisPointer: { type: bars ? 'shadow' : 'line' }, formatter: categoryTooltip(spec) },
      legend: { type: 'scroll', top: 0 },
      // the x axis's name under its labels: rotated labels of long variant names take up to about 120 px
      grid: { left: 20, right: 40, top: 40, bottom: 30, containLabel: true },
      xAxis: xy ? { type: 'value', name: spec.xTitle, nameLocation: 'middle', nameGap: 28, scale: true }
        : { type: 'category', data: spec.categories, name: spec.xTitle, nameLocation: 'middle',
          nameGap: many ? 130 : 28,
          axisLabel: { interval: 0, rotate: many ? 30 : 0, width: many ? 220 : undefined, overflow: 'truncate' } },
      yAxis: { type: spec.log ? 'log' : 'value', name: spec.yTitle, nameTextStyle: { align: 'left' } },
      dataZoom: xy ? [{ type: 'inside' }] : [],
      series: series
    };
  }

  // Data points with an element of their own on the page: a bar, a line's symbol.
  function drawn(chart) {
    var count = 0;
    chart.getModel().eachSeries(function (series) {
      var data = series.getData();
      data.each(function (index) {
        if (data.getItemGraphicEl(index)) {
          count++;
        }
      });
    });
    return count;
  }

  var charts = [];
  specs.forEach(function (spec, index) {
    var figure = document.getElementById('chart-' + index);
    var chart = echarts.init(figure.querySelector('.plot'), null, { renderer: 'svg' });
    chart.setOption(option(spec));
    figure.setAttribute('data-drawn', String(drawn(chart)));
    charts.push(chart);
  });
  window.addEventListener('resize', function () {
    charts.forEach(function (chart) {
      chart.resize();
    });
  });
})();
