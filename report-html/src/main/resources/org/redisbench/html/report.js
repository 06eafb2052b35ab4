// report.html's charts: each figure.chart gets one ECharts chart from the JSON the writer put in #chart-data
// (report-html's ChartData), drawn as SVG. Once drawn, a chart's data-drawn says how many of its data points have
// an element on the page, which the tests compare with the writer's data-points. Logs nothing: a console message
// from a report is a defect.
(function () {
  'use strict';
  var specs = JSON.parse(document.getElementById('chart-data').textContent);
  var number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  // A series's tone (report-html's Series.Tone) as a colour: page.css's green and red, greys for none and too little.
  var TONES = { GOOD: '#137333', BAD: '#c5221f', NEUTRAL: '#5f6368', FAINT: '#bdc1c6' };
  // The id of the series that only widens an intervals chart's axis: none of its points is the writer's.
  var EXTENT = 'interval-ends';

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

  // The dot hovered: its category, its series, its value and the interval it stands for.
  function intervalTooltip(spec) {
    return function (p) {
      var index = p.value[1];
      var range = spec.series[p.seriesIndex].ranges[index];
      return escape(spec.categories[index]) + '<br>' + p.marker + escape(p.seriesName) + ': <b>' +
        format(p.value[0]) + '</b> ' + escape(spec.yTitle) +
        (range ? '<br>interval ' + format(range[0]) + ' … ' + format(range[1]) : '<br>no interval');
    };
  }

  // Estimates with their intervals, down the side: a dot a point, its range a line of the series's colour through
  // it; a line at 0 that belongs to no series.
  function intervalsOption(spec) {
    var series = spec.series.map(function (s) {
      var color = TONES[s.tone];
      var dots = [];
      var ranges = [];
      s.data.forEach(function (value, index) {
        if (value === null) {
          return;
        }
        dots.push([value, index]);
        var range = s.ranges[index];
        if (range) {
          ranges.push([{ coord: [range[0], index] }, { coord: [range[1], index] }]);
        }
      });
      return {
        name: s.name,
        type: 'scatter',
        data: dots,
        symbolSize: 10,
        itemStyle: color ? { color: color } : undefined,
        markLine: { silent: true, symbol: ['none', 'none'], label: { show: false },
          lineStyle: { color: color, width: 3, type: 'solid', opacity: 0.7 }, data: ranges }
      };
    });
    // The intervals' ends, which are no series's data, in one more series drawn as nothing, so that the axis
    // spans them too (and ECharts still picks its round bounds); it also holds the line at 0, and is no data point.
    var ends = [[0, 0]];
    spec.series.forEach(function (s) {
      s.ranges.forEach(function (range, index) {
        if (range) {
          ends.push([range[0], index], [range[1], index]);
        }
      });
    });
    series.push({ id: EXTENT, name: '', type: 'scatter', data: ends, symbolSize: 0, silent: true,
      itemStyle: { opacity: 0 }, tooltip: { show: false },
      markLine: { silent: true, symbol: ['none', 'none'], label: { show: false },
        lineStyle: { color: '#80868b', type: 'dashed', width: 1 }, data: [{ xAxis: 0 }] } });
    return {
      animation: false,
      tooltip: { trigger: 'item', formatter: intervalTooltip(spec) },
      legend: { type: 'scroll', top: 0, data: spec.series.map(function (s) { return s.name; }) },
      grid: { left: 20, right: 40, top: 60, bottom: 40, containLabel: true },
      xAxis: { type: 'value', name: spec.yTitle, nameLocation: 'middle', nameGap: 28 },
      // inverse: the first category at the top, and with it the axis's name
      yAxis: { type: 'category', data: spec.categories, inverse: true, name: spec.xTitle, nameLocation: 'start',
        axisLine: { onZero: false }, axisTick: { alignWithLabel: true },
        axisLabel: { interval: 0, width: 420, overflow: 'truncate' },
        splitLine: { show: true, lineStyle: { color: '#f1f3f4' } } },
      series: series
    };
  }

  function option(spec) {
    if (spec.kind === 'INTERVALS') {
      return intervalsOption(spec);
    }
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
        itemStyle: TONES[s.tone] ? { color: TONES[s.tone] } : undefined,
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
      if (series.id === EXTENT) {
        return;
      }
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
    var plot = figure.querySelector('.plot');
    if (spec.kind === 'INTERVALS') {
      // a row a category, however many there are
      plot.style.height = Math.max(160, 26 * spec.categories.length + 100) + 'px';
    }
    var chart = echarts.init(plot, null, { renderer: 'svg' });
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
