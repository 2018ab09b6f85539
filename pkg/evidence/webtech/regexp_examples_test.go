package webtech_test

import (
	"html"
	"net/http"
	"slices"
	"testing"

	"github.com/intel402/intel402/pkg/evidence/webtech"
)

// regexpExample is a realistic value that one regexp rule must match.
type regexpExample struct {
	tech    string
	source  webtech.Source
	key     string
	pattern string
	example string
}

// regexpExamples holds one hand-written example per regexp rule. The test
// below fails when a regexp rule has no example or an example no longer
// matches, so every pattern is exercised at least once.
var regexpExamples = []regexpExample{
	{"WordPress", webtech.SourceMeta, "generator", `^WordPress(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `WordPress 6.5.2`},
	{"WordPress", webtech.SourceScript, "", `/wp-includes/.*[?&]ver=(?P<version>\d+(?:\.\d+){0,3})`, `https://example.com/wp-includes/js/wp-embed.min.js?ver=6.5.2`},
	{"WordPress", webtech.SourceScript, "", `/wp-(?:content|includes)/`, `https://example.com/wp-content/themes/astra/assets/js/frontend.min.js`},
	{"WordPress", webtech.SourceLink, "", `/wp-(?:content|includes)/`, `https://example.com/wp-content/themes/astra/style.css`},
	{"WordPress", webtech.SourceHeader, "Link", `rel="https://api\.w\.org/"`, `<https://example.com/wp-json/>; rel="https://api.w.org/"`},
	{"WordPress", webtech.SourceHeader, "X-Pingback", `/xmlrpc\.php`, `https://example.com/xmlrpc.php`},
	{"Drupal", webtech.SourceMeta, "generator", `^Drupal(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Drupal 10 (https://www.drupal.org)`},
	{"Drupal", webtech.SourceHeader, "X-Generator", `^Drupal(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Drupal 9 (https://www.drupal.org)`},
	{"Drupal", webtech.SourceScript, "", `/core/misc/drupal\.js`, `/core/misc/drupal.js?v=10.2.4`},
	{"Drupal", webtech.SourceScript, "", `/sites/(?:all|default)/(?:modules|themes)/`, `/sites/all/modules/contrib/jquery_update/replace/jquery/1.10/jquery.min.js`},
	{"Joomla", webtech.SourceMeta, "generator", `^Joomla!?(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Joomla! 4 - Open Source Content Management`},
	{"Joomla", webtech.SourceHeader, "X-Content-Encoded-By", `Joomla`, `Joomla! - the dynamic portal engine and content management system`},
	{"Joomla", webtech.SourceScript, "", `/media/(?:jui|system)/js/`, `/media/system/js/core.min.js?4.4.2`},
	{"Ghost", webtech.SourceMeta, "generator", `^Ghost(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Ghost 5.82`},
	{"Ghost", webtech.SourceScript, "", `/ghost/(?:portal|sodo-search)`, `https://cdn.jsdelivr.net/ghost/portal@~2.37/umd/portal.min.js`},
	{"HubSpot CMS", webtech.SourceMeta, "generator", `^HubSpot`, `HubSpot`},
	{"Strapi", webtech.SourceHeader, "X-Powered-By", `Strapi`, `Strapi <strapi.io>`},
	{"Adobe Experience Manager", webtech.SourceScript, "", `/etc\.clientlibs/`, `/etc.clientlibs/acme/clientlibs/clientlib-site.min.js`},
	{"TYPO3", webtech.SourceMeta, "generator", `^TYPO3(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `TYPO3 CMS`},
	{"Craft CMS", webtech.SourceHeader, "X-Powered-By", `Craft CMS`, `Craft CMS`},
	{"Umbraco", webtech.SourceScript, "", `/umbraco/`, `/umbraco/lib/umbraco-forms.js`},
	{"Umbraco", webtech.SourceHeader, "X-Umbraco-Version", `^(?P<version>\d+(?:\.\d+){0,3})`, `13.2.0`},
	{"Concrete CMS", webtech.SourceMeta, "generator", `^(?:concrete5|Concrete CMS)`, `Concrete CMS`},
	{"Blogger", webtech.SourceMeta, "generator", `^Blogger`, `Blogger`},
	{"Hugo", webtech.SourceMeta, "generator", `^Hugo(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Hugo 0.125.4`},
	{"Jekyll", webtech.SourceMeta, "generator", `^Jekyll(?: v(?P<version>\d+(?:\.\d+){0,3}))?`, `Jekyll v4.3.3`},
	{"Docusaurus", webtech.SourceMeta, "generator", `^Docusaurus(?: v(?P<version>\d+(?:\.\d+){0,3}))?`, `Docusaurus v3.2.1`},
	{"Webflow", webtech.SourceMeta, "generator", `^Webflow`, `Webflow`},
	{"Webflow", webtech.SourceScript, "", `webflow(?:\.[a-z0-9]+)*\.js`, `https://cdn.prod.website-files.com/64a1b2c3/js/webflow.a1b2c3d4.js`},
	{"Wix", webtech.SourceMeta, "generator", `^Wix\.com Website Builder`, `Wix.com Website Builder`},
	{"Squarespace", webtech.SourceHeader, "Server", `^Squarespace`, `Squarespace`},
	{"Framer", webtech.SourceMeta, "generator", `^Framer`, `Framer 8a1c2e4`},
	{"GoDaddy Website Builder", webtech.SourceMeta, "generator", `GoDaddy Website Builder|Go Daddy Website Builder`, `Starfield Technologies; Go Daddy Website Builder 8.0.0000`},
	{"Carrd", webtech.SourceMeta, "generator", `^Carrd`, `Carrd`},
	{"Shopify", webtech.SourceHeader, "Powered-By", `Shopify`, `Shopify`},
	{"WooCommerce", webtech.SourceMeta, "generator", `^WooCommerce(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `WooCommerce 8.7.0`},
	{"WooCommerce", webtech.SourceScript, "", `/plugins/woocommerce/.*[?&]ver=(?P<version>\d+(?:\.\d+){0,3})`, `https://shop.example/wp-content/plugins/woocommerce/assets/js/frontend/woocommerce.min.js?ver=8.7.0`},
	{"WooCommerce", webtech.SourceScript, "", `/plugins/woocommerce/`, `https://shop.example/wp-content/plugins/woocommerce/assets/js/frontend/cart-fragments.min.js`},
	{"WooCommerce", webtech.SourceLink, "", `/plugins/woocommerce/`, `https://shop.example/wp-content/plugins/woocommerce/assets/css/woocommerce.css`},
	{"Magento", webtech.SourceScript, "", `/static/version\d+/frontend/[^/]+/[^/]+/`, `https://shop.example/static/version1712345678/frontend/Magento/luma/en_US/requirejs/require.js`},
	{"PrestaShop", webtech.SourceMeta, "generator", `^PrestaShop`, `PrestaShop`},
	{"PrestaShop", webtech.SourceHeader, "Powered-By", `PrestaShop`, `PrestaShop`},
	{"Salesforce Commerce Cloud", webtech.SourceScript, "", `demandware\.static`, `/on/demandware.static/Sites-RefArch-Site/-/default/v1712345678/js/main.js`},
	{"Gumroad", webtech.SourceScript, "", `gumroad\.com/js/gumroad`, `https://gumroad.com/js/gumroad.js`},
	{"Google Analytics", webtech.SourceScript, "", `google-analytics\.com/(?:analytics|ga)\.js`, `https://www.google-analytics.com/analytics.js`},
	{"Google Analytics", webtech.SourceScript, "", `googletagmanager\.com/gtag/js\?id=UA-`, `https://www.googletagmanager.com/gtag/js?id=UA-12345678-1`},
	{"Google Analytics", webtech.SourceHTML, "", `['"]UA-\d{4,10}-\d{1,4}['"]`, `<script>ga('create', 'UA-12345678-1', 'auto');</script>`},
	{"Google Analytics", webtech.SourceLegacyHost, "", `google-analytics\.com/urchin\.js`, `http://www.google-analytics.com/urchin.js`},
	{"Chartbeat", webtech.SourceLegacyHost, "", `chartbeat\.download\.akamai\.com/`, `https://a248.e.akamai.net/chartbeat.download.akamai.com/102508/js/chartbeat.js`},
	{"Klaviyo", webtech.SourceSnippet, "", `\b_learnq\s*(?:=|\.push\()`, `var _learnq = _learnq || []; _learnq.push(['account', 'AbC123']);`},
	{"X Pixel", webtech.SourceSnippet, "", `\btwq\(\s*['"](?:init|config)['"]`, `twq('config', 'o1a2b');`},
	{"X Pixel", webtech.SourceLegacyHost, "", `platform\.twitter\.com/oct\.js`, `//platform.twitter.com/oct.js`},
	{"Google AdSense", webtech.SourceHTML, "", `data-ad-client=["']?ca-pub-\d{6,}`, `<ins class="ad-slot" data-ad-client="ca-pub-1234567890123456" data-ad-slot="42"></ins>`},
	{"Google AdSense", webtech.SourceSnippet, "", `\(\s*adsbygoogle\s*=\s*window\.adsbygoogle\s*\|\|\s*\[\s*\]\s*\)\.push\(`, `(adsbygoogle = window.adsbygoogle || []).push({});`},
	{"Google AdSense", webtech.SourceSnippet, "", `google_ad_client\s*[:=]\s*["']ca-pub-\d{6,}`, `(adsbygoogle = window.adsbygoogle || []).push({google_ad_client: "ca-pub-1234567890123456", enable_page_level_ads: true});`},
	{"Google Ad Manager", webtech.SourceLegacyHost, "", `googletagservices\.com/tag/js/gpt\.js`, `https://www.googletagservices.com/tag/js/gpt.js`},
	{"Google Ad Manager", webtech.SourceLegacyHost, "", `partner\.googleadservices\.com/gampad/`, `http://partner.googleadservices.com/gampad/google_service.js`},
	{"Google Analytics 4", webtech.SourceScript, "", `googletagmanager\.com/gtag/js\?id=G-`, `https://www.googletagmanager.com/gtag/js?id=G-7XK2M9QZ4P`},
	{"Google Analytics 4", webtech.SourceHTML, "", `gtag\(\s*['"]config['"]\s*,\s*['"]G-[A-Z0-9]{4,12}['"]`, `<script>gtag('config', 'G-7XK2M9QZ4P');</script>`},
	{"Mixpanel", webtech.SourceScript, "", `mixpanel-[0-9.]+(?:-latest)?(?:\.min)?\.js`, `https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js`},
	{"Mixpanel", webtech.SourceCookie, "", `^mp_[0-9a-f]+_mixpanel$`, `mp_0a1b2c3d4e5f60718293a4b5c6d7e8f9_mixpanel`},
	{"Amplitude", webtech.SourceCookie, "", `^AMP_[0-9a-f]{6,}$`, `AMP_0a1b2c3d4e`},
	{"Matomo", webtech.SourceScript, "", `/(?:matomo|piwik)\.js`, `https://stats.example.com/matomo.js`},
	{"Plausible", webtech.SourceScript, "", `/js/plausible(?:\.[a-z-]+)*\.js`, `https://plausible.io/js/plausible.outbound-links.js`},
	{"Adobe Analytics", webtech.SourceScript, "", `AppMeasurement(?:_Module_[A-Za-z]+)?(?:\.min)?\.js`, `https://example.com/js/AppMeasurement.min.js`},
	{"PostHog", webtech.SourceCookie, "", `^ph_.+_posthog$`, `ph_phc_AbCdEfGh123_posthog`},
	{"Vercel Analytics", webtech.SourceScript, "", `/_vercel/(?:insights|speed-insights)/script\.js`, `/_vercel/insights/script.js`},
	{"Google Tag Manager", webtech.SourceScript, "", `googletagmanager\.com/gtm\.js`, `https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3`},
	{"Google Tag Manager", webtech.SourceIframe, "", `googletagmanager\.com/ns\.html`, `https://www.googletagmanager.com/ns.html?id=GTM-AB12CD3`},
	{"Google Tag Manager", webtech.SourceHTML, "", `['"=]GTM-[A-Z0-9]{4,9}\b`, `<script>})(window,document,'script','dataLayer','GTM-AB12CD3');</script>`},
	{"Tealium", webtech.SourceScript, "", `/utag(?:\.sync)?\.js`, `https://tags.tiqcdn.com/utag/acme/main/prod/utag.js`},
	{"Pardot", webtech.SourceCookie, "", `^visitor_id\d+(?:-hash)?$`, `visitor_id123452`},
	{"Mailchimp", webtech.SourceHTML, "", `[a-z0-9.-]*list-manage\.com/subscribe`, `<form action="https://acme.us21.list-manage.com/subscribe/post?u=abc&amp;id=def" method="post"></form>`},
	{"ActiveCampaign", webtech.SourceScript, "", `diffuser-cdn\.app-us\d+\.com/diffuser/`, `https://diffuser-cdn.app-us1.com/diffuser/diffuser.js`},
	{"Braze", webtech.SourceScript, "", `/braze(?:\.min)?\.js`, `https://js.appboycdn.com/web-sdk/5.2/braze.min.js`},
	{"Salesforce", webtech.SourceScript, "", `\.(?:my\.salesforce|force|my\.site)\.com/`, `https://acme.my.salesforce.com/embeddedservice/5.0/esw.min.js`},
	{"Zoho CRM", webtech.SourceHTML, "", `crm\.zoho\.(?:com|eu|in|com\.au)/crm/WebToLeadForm`, `<form action="https://crm.zoho.com/crm/WebToLeadForm" method="POST"></form>`},
	{"Help Scout", webtech.SourceHTML, "", `Beacon\(\s*['"]init['"]`, `<script>window.Beacon('init', '0a1b2c3d-4e5f');</script>`},
	{"HubSpot Meetings", webtech.SourceScript, "", `MeetingsEmbed/ex/MeetingsEmbedCode\.js`, `https://static.hsappstatic.net/MeetingsEmbed/ex/MeetingsEmbedCode.js`},
	{"Cal.com", webtech.SourceScript, "", `app\.cal\.com/embed/`, `https://app.cal.com/embed/embed.js`},
	{"Gravity Forms", webtech.SourceScript, "", `/plugins/gravityforms/`, `https://example.com/wp-content/plugins/gravityforms/js/gravityforms.min.js`},
	{"Contact Form 7", webtech.SourceScript, "", `/plugins/contact-form-7/.*[?&]ver=(?P<version>\d+(?:\.\d+){0,3})`, `https://example.com/wp-content/plugins/contact-form-7/includes/js/index.js?ver=5.9.3`},
	{"Contact Form 7", webtech.SourceScript, "", `/plugins/contact-form-7/`, `https://example.com/wp-content/plugins/contact-form-7/includes/js/index.js`},
	{"Google Forms", webtech.SourceIframe, "", `docs\.google\.com/forms/`, `https://docs.google.com/forms/d/e/1FAIpQLSf/viewform?embedded=true`},
	{"Complianz", webtech.SourceScript, "", `/plugins/complianz-gdpr/`, `https://example.com/wp-content/plugins/complianz-gdpr/cookiebanner/js/complianz.min.js`},
	{"Facebook Pixel", webtech.SourceScript, "", `connect\.facebook\.net/[a-z_]+/fbevents\.js`, `https://connect.facebook.net/en_US/fbevents.js`},
	{"Facebook Pixel", webtech.SourceHTML, "", `fbq\(\s*['"]init['"]`, `<script>fbq('init', '123456789012345');</script>`},
	{"LinkedIn Insight Tag", webtech.SourceScript, "", `snap\.licdn\.com/li\.lms-analytics/`, `https://snap.licdn.com/li.lms-analytics/insight.min.js`},
	{"Google Ads", webtech.SourceScript, "", `googletagmanager\.com/gtag/js\?id=AW-`, `https://www.googletagmanager.com/gtag/js?id=AW-123456789`},
	{"Google Ads", webtech.SourceHTML, "", `['"]AW-\d{6,12}['"/]`, `<script>gtag('config', 'AW-123456789');</script>`},
	{"Pinterest Tag", webtech.SourceScript, "", `s\.pinimg\.com/ct/core\.js`, `https://s.pinimg.com/ct/core.js`},
	{"Pinterest Tag", webtech.SourceHTML, "", `pintrk\(\s*['"]load['"]`, `<script>pintrk('load', '2612345678901');</script>`},
	{"Snap Pixel", webtech.SourceScript, "", `sc-static\.net/scevent\.min\.js`, `https://sc-static.net/scevent.min.js`},
	{"Reddit Pixel", webtech.SourceScript, "", `redditstatic\.com/ads/pixel\.js`, `https://www.redditstatic.com/ads/pixel.js`},
	{"Quora Pixel", webtech.SourceScript, "", `a\.quora\.com/qevents\.js`, `https://a.quora.com/qevents.js`},
	{"Cloudflare", webtech.SourceHeader, "Server", `^cloudflare`, `cloudflare`},
	{"Cloudflare", webtech.SourceScript, "", `^/cdn-cgi/`, `/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js`},
	{"Fastly", webtech.SourceHeader, "X-Served-By", `^cache-[a-z0-9-]+`, `cache-fra-eddf8230062-FRA`},
	{"Fastly", webtech.SourceHeader, "X-Timer", `^S\d+\.\d+,VS\d`, `S1732245600.123456,VS0,VE1`},
	{"Akamai", webtech.SourceHeader, "Server", `^AkamaiGHost`, `AkamaiGHost`},
	{"Akamai", webtech.SourceHeader, "Server", `^AkamaiNetStorage`, `AkamaiNetStorage`},
	{"Amazon CloudFront", webtech.SourceHeader, "Via", `\(CloudFront\)`, `1.1 0a1b2c3d4e5f.cloudfront.net (CloudFront)`},
	{"Amazon CloudFront", webtech.SourceHeader, "Server", `^CloudFront`, `CloudFront`},
	{"Bunny CDN", webtech.SourceHeader, "Server", `^BunnyCDN`, `BunnyCDN-DE1-1052`},
	{"KeyCDN", webtech.SourceHeader, "Server", `^keycdn-engine`, `keycdn-engine`},
	{"Varnish", webtech.SourceHeader, "Via", `varnish`, `1.1 varnish (Varnish/7.1)`},
	{"Vercel", webtech.SourceHeader, "Server", `^Vercel`, `Vercel`},
	{"Netlify", webtech.SourceHeader, "Server", `^Netlify`, `Netlify`},
	{"Heroku", webtech.SourceHeader, "Via", `vegur`, `1.1 vegur`},
	{"Heroku", webtech.SourceHeader, "Report-To", `heroku-nel`, `{"group":"heroku-nel","max_age":3600,"endpoints":[{"url":"https://nel.heroku.com/reports"}]}`},
	{"Fly.io", webtech.SourceHeader, "Server", `^Fly/`, `Fly/1a2b3c4d (2024-04-01)`},
	{"GitHub Pages", webtech.SourceHeader, "Server", `^GitHub\.com`, `GitHub.com`},
	{"Google Cloud", webtech.SourceHeader, "Server", `^Google Frontend`, `Google Frontend`},
	{"Google Cloud", webtech.SourceHeader, "Via", `1\.1 google`, `1.1 google`},
	{"Microsoft Azure", webtech.SourceHeader, "Server", `^Microsoft-Azure-Application-Gateway`, `Microsoft-Azure-Application-Gateway/v2`},
	{"Amazon Web Services", webtech.SourceHeader, "Server", `^AmazonS3`, `AmazonS3`},
	{"Amazon Web Services", webtech.SourceHeader, "Server", `^awselb`, `awselb/2.0`},
	{"WP Engine", webtech.SourceHeader, "X-Powered-By", `WP Engine`, `WP Engine`},
	{"nginx", webtech.SourceHeader, "Server", `^nginx(?:/(?P<version>\d+(?:\.\d+){0,3}))?`, `nginx/1.25.4`},
	{"Apache HTTP Server", webtech.SourceHeader, "Server", `^Apache(?:/(?P<version>\d+(?:\.\d+){0,3}))?(?:\s|$)`, `Apache/2.4.58 (Ubuntu)`},
	{"Microsoft IIS", webtech.SourceHeader, "Server", `^Microsoft-IIS(?:/(?P<version>\d+(?:\.\d+){0,3}))?`, `Microsoft-IIS/10.0`},
	{"LiteSpeed", webtech.SourceHeader, "Server", `^LiteSpeed`, `LiteSpeed`},
	{"Caddy", webtech.SourceHeader, "Server", `^Caddy`, `Caddy`},
	{"OpenResty", webtech.SourceHeader, "Server", `^openresty(?:/(?P<version>\d+(?:\.\d+){0,3}))?`, `openresty/1.25.3.1`},
	{"Envoy", webtech.SourceHeader, "Server", `^envoy`, `envoy`},
	{"Gunicorn", webtech.SourceHeader, "Server", `^gunicorn(?:/(?P<version>\d+(?:\.\d+){0,3}))?`, `gunicorn/21.2.0`},
	{"Kestrel", webtech.SourceHeader, "Server", `^Kestrel`, `Kestrel`},
	{"PHP", webtech.SourceHeader, "X-Powered-By", `PHP(?:/(?P<version>\d+(?:\.\d+){0,3}))?`, `PHP/8.3.6`},
	{"ASP.NET", webtech.SourceHeader, "X-Powered-By", `^ASP\.NET`, `ASP.NET`},
	{"ASP.NET", webtech.SourceHeader, "X-Aspnet-Version", `^(?P<version>\d+(?:\.\d+){0,3})`, `4.0.30319`},
	{"Express", webtech.SourceHeader, "X-Powered-By", `^Express`, `Express`},
	{"Ruby on Rails", webtech.SourceMeta, "csrf-param", `^authenticity_token$`, `authenticity_token`},
	{"Ruby on Rails", webtech.SourceHeader, "X-Powered-By", `Phusion Passenger`, `Phusion Passenger(R) 6.0.20`},
	{"Google reCAPTCHA", webtech.SourceScript, "", `(?:google\.com|recaptcha\.net)/recaptcha/`, `https://www.google.com/recaptcha/api.js?render=explicit`},
	{"Google reCAPTCHA", webtech.SourceScript, "", `gstatic\.com/recaptcha/`, `https://www.gstatic.com/recaptcha/releases/abc/recaptcha__en.js`},
	{"Cloudflare Turnstile", webtech.SourceScript, "", `challenges\.cloudflare\.com/turnstile/`, `https://challenges.cloudflare.com/turnstile/v0/api.js`},
	{"Imperva", webtech.SourceHeader, "X-Cdn", `Incapsula|Imperva`, `Incapsula`},
	{"Sucuri", webtech.SourceHeader, "Server", `^Sucuri/Cloudproxy`, `Sucuri/Cloudproxy`},
	{"F5 BIG-IP", webtech.SourceCookie, "", `^TS[0-9a-f]{8}$`, `TS01a2b3c4`},
	{"Wordfence", webtech.SourceScript, "", `/plugins/wordfence/`, `https://example.com/wp-content/plugins/wordfence/js/wfi18n.js`},
	{"Sentry", webtech.SourceHTML, "", `@o?\d*\.?ingest\.(?:[a-z]{2}\.)?sentry\.io`, `<script>Sentry.init({dsn: "https://0a1b2c3d@o123456.ingest.us.sentry.io/4506"});</script>`},
	{"Dynatrace", webtech.SourceScript, "", `ruxitagentjs`, `/ruxitagentjs_ICA27NVfqrux_10283240101121203.js`},
	{"AppDynamics", webtech.SourceScript, "", `/adrum(?:-latest|-ext)?[.\d]*(?:\.min)?\.js`, `https://cdn.appdynamics.com/adrum/adrum-latest.js`},
	{"Bugsnag", webtech.SourceScript, "", `bugsnag(?:\.min)?\.js`, `https://d2wy8f7a9ursnm.cloudfront.net/v7/bugsnag.min.js`},
	{"React", webtech.SourceScript, "", `react(?:-dom)?@(?P<version>\d+(?:\.\d+){0,3})`, `https://unpkg.com/react@18.2.0/umd/react.production.min.js`},
	{"React", webtech.SourceScript, "", `/react(?:-dom)?(?:\.production)?(?:\.min)?\.js`, `/static/js/react.production.min.js`},
	{"Next.js", webtech.SourceScript, "", `/_next/static/`, `/_next/static/chunks/main-1a2b3c4d.js`},
	{"Next.js", webtech.SourceHeader, "X-Powered-By", `^Next\.js(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Next.js 14.2.3`},
	{"Gatsby", webtech.SourceMeta, "generator", `^Gatsby(?: (?P<version>\d+(?:\.\d+){0,3}))?`, `Gatsby 5.13.3`},
	{"Gatsby", webtech.SourceLink, "", `/page-data/`, `/page-data/app-data.json`},
	{"Vue.js", webtech.SourceHTML, "", `\sdata-v-[0-9a-f]{8}[\s=>]`, `<div data-v-7ba5bd90="" class="card"></div>`},
	{"Vue.js", webtech.SourceScript, "", `vue@(?P<version>\d+(?:\.\d+){0,3})`, `https://unpkg.com/vue@3.4.21/dist/vue.global.prod.js`},
	{"Vue.js", webtech.SourceScript, "", `/vue(?:\.runtime)?(?:\.global)?(?:\.prod)?(?:\.min)?\.js`, `/js/vue.runtime.global.prod.js`},
	{"Nuxt", webtech.SourceScript, "", `/_nuxt/`, `/_nuxt/entry.1a2b3c4d.js`},
	{"Nuxt", webtech.SourceLink, "", `/_nuxt/`, `/_nuxt/entry.1a2b3c4d.css`},
	{"Angular", webtech.SourceHTML, "", `ng-version="(?P<version>\d+(?:\.\d+){0,3})`, `<app-root ng-version="17.3.1"></app-root>`},
	{"Angular", webtech.SourceHTML, "", `\s_nghost-[a-z0-9-]+`, `<app-root _nghost-ng-c1234567890="" class="app"></app-root>`},
	{"AngularJS", webtech.SourceScript, "", `angular(?:js)?@(?P<version>\d+(?:\.\d+){0,3})`, `https://cdn.jsdelivr.net/npm/angular@1.8.3/angular.min.js`},
	{"AngularJS", webtech.SourceScript, "", `/angular(?:\.min)?\.js`, `/vendor/angular.min.js`},
	{"AngularJS", webtech.SourceHTML, "", `\sng-app(?:=|\s|>)`, `<html ng-app="shopApp"></html>`},
	{"Svelte", webtech.SourceHTML, "", `class="[^"]*\bsvelte-[a-z0-9]{5,8}\b`, `<h1 class="title svelte-1x2y3z4">Hello</h1>`},
	{"SvelteKit", webtech.SourceScript, "", `/_app/immutable/`, `/_app/immutable/entry/start.1a2b3c4d.js`},
	{"SvelteKit", webtech.SourceLink, "", `/_app/immutable/`, `/_app/immutable/assets/0.1a2b3c4d.css`},
	{"Astro", webtech.SourceMeta, "generator", `^Astro(?: v(?P<version>\d+(?:\.\d+){0,3}))?`, `Astro v4.7.0`},
	{"Ember.js", webtech.SourceScript, "", `/ember(?:\.min|\.prod|\.debug)?\.js`, `/assets/ember.min.js`},
	{"jQuery", webtech.SourceScript, "", `jquery[-.](?P<version>\d+(?:\.\d+){0,3})(?:\.slim)?(?:\.min)?(?:\.[0-9a-f]{6,})?\.js`, `https://code.jquery.com/jquery-3.7.1.min.js`},
	{"jQuery", webtech.SourceScript, "", `/jquery/(?P<version>\d+(?:\.\d+){0,3})/jquery`, `https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js`},
	{"jQuery", webtech.SourceScript, "", `jquery@(?P<version>\d+(?:\.\d+){0,3})`, `https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js`},
	{"jQuery", webtech.SourceScript, "", `/jquery(?:\.slim)?(?:\.min)?(?:\.[0-9a-f]{8,})?\.js(?:\?ver=(?P<version>\d+(?:\.\d+){0,3}))?`, `/etc.clientlibs/clientlibs/granite/jquery.min.2f4a9c81d0e36b75.js`},
	{"jQuery", webtech.SourceScript, "", `/jquery-migrate(?:-\d+(?:\.\d+)*)?(?:\.min)?\.js`, `https://code.jquery.com/jquery-migrate-3.4.1.min.js`},
	{"Alpine.js", webtech.SourceScript, "", `alpinejs(?:@(?P<version>\d+(?:\.\d+){0,3}))?`, `https://cdn.jsdelivr.net/npm/alpinejs@3.13.10/dist/cdn.min.js`},
	{"htmx", webtech.SourceScript, "", `htmx(?:\.org)?(?:@(?P<version>\d+(?:\.\d+){0,3}))?(?:/dist/htmx)?(?:\.min)?\.js`, `https://unpkg.com/htmx.org@1.9.12/dist/htmx.min.js`},
	{"htmx", webtech.SourceHTML, "", `\shx-(?:get|post|put|delete|patch)="`, `<button hx-post="/clicked" hx-swap="outerHTML">Go</button>`},
	{"Modernizr", webtech.SourceScript, "", `modernizr`, `/js/vendor/modernizr-3.11.2.min.js`},
	{"Lodash", webtech.SourceScript, "", `lodash@(?P<version>\d+(?:\.\d+){0,3})|/lodash(?:\.min)?\.js|/lodash(?:\.js)?/`, `https://cdn.jsdelivr.net/npm/lodash@4.17.21/lodash.min.js`},
	{"Bootstrap", webtech.SourceLink, "", `bootstrap@(?P<version>\d+(?:\.\d+){0,3})`, `https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css`},
	{"Bootstrap", webtech.SourceScript, "", `bootstrap@(?P<version>\d+(?:\.\d+){0,3})`, `https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/js/bootstrap.bundle.min.js`},
	{"Bootstrap", webtech.SourceLink, "", `/bootstrap/(?P<version>\d+(?:\.\d+){0,3})/`, `https://cdnjs.cloudflare.com/ajax/libs/twitter-bootstrap/5.3.3/css/bootstrap.min.css`},
	{"Bootstrap", webtech.SourceLink, "", `(?:^|/)bootstrap(?:\.min)?\.css`, `/assets/css/bootstrap.min.css`},
	{"Bootstrap", webtech.SourceScript, "", `(?:^|/)bootstrap(?:\.bundle)?(?:\.min)?\.js`, `/assets/js/bootstrap.bundle.min.js`},
	{"Tailwind CSS", webtech.SourceLink, "", `tailwind(?:css)?(?:\.min)?\.css|tailwindcss@`, `/dist/tailwind.min.css`},
	{"Tailwind CSS", webtech.SourceHTML, "", `--tw-(?:ring|shadow|translate|rotate|border-spacing|space)[a-z-]*\s*:`, `<style>*,:before{--tw-ring-offset-width:0px;}</style>`},
	{"Bulma", webtech.SourceLink, "", `bulma(?:@(?P<version>\d+(?:\.\d+){0,3}))?(?:/css/bulma)?(?:\.min)?\.css`, `https://cdn.jsdelivr.net/npm/bulma@1.0.0/css/bulma.min.css`},
	{"Foundation", webtech.SourceScript, "", `(?:^|/)foundation(?:\.min)?\.js`, `/assets/vendor/foundation/js/foundation.min.js?1408622953`},
	{"Foundation", webtech.SourceLink, "", `foundation(?:-sites)?(?:@(?P<version>\d+(?:\.\d+){0,3}))?(?:/dist/css/foundation)?(?:\.min)?\.css`, `https://cdn.jsdelivr.net/npm/foundation-sites@6.8.1/dist/css/foundation.min.css`},
	{"Material UI", webtech.SourceHTML, "", `class="[^"]*\bMui[A-Z][A-Za-z]+-root\b`, `<button class="MuiButtonBase-root MuiButton-root">Buy</button>`},
	{"Font Awesome", webtech.SourceLink, "", `font-?awesome(?:[./@-]|$)`, `https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.2/css/all.min.css`},
	{"Font Awesome", webtech.SourceScript, "", `font-?awesome(?:[./@-]|$)`, `/vendor/fontawesome/js/all.min.js`},
	{"YouTube", webtech.SourceIframe, "", `youtube(?:-nocookie)?\.com/embed/`, `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ`},
	{"YouTube", webtech.SourceScript, "", `youtube\.com/iframe_api`, `https://www.youtube.com/iframe_api`},
	{"YouTube", webtech.SourceHTML, "", `youtube(?:-nocookie)?\.com/embed/`, `<a data-src="https://www.youtube.com/embed/dQw4w9WgXcQ">video</a>`},
	{"Loom", webtech.SourceIframe, "", `loom\.com/embed/`, `https://www.loom.com/embed/0a1b2c3d4e5f`},
	{"Video.js", webtech.SourceLink, "", `video-js(?:\.min)?\.css`, `https://vjs.zencdn.net/8.10.0/video-js.css`},
	{"Algolia", webtech.SourceScript, "", `algoliasearch(?:[./@-]|$)`, `https://cdn.jsdelivr.net/npm/algoliasearch@4.23.3/dist/algoliasearch-lite.umd.js`},
	{"Algolia", webtech.SourceScript, "", `@docsearch/`, `https://cdn.jsdelivr.net/npm/@docsearch/js@3`},
	{"Algolia", webtech.SourceLink, "", `@docsearch/`, `https://cdn.jsdelivr.net/npm/@docsearch/css@3`},
	{"Algolia", webtech.SourceHTML, "", `[a-zA-Z0-9]+-dsn\.algolia\.net`, `<link rel="preconnect" href="https://ABCD1234-dsn.algolia.net" crossorigin>`},
	{"Google Programmable Search", webtech.SourceScript, "", `cse\.google\.com/cse\.js`, `https://cse.google.com/cse.js?cx=0123456789abcdef`},
	{"Okta", webtech.SourceHTML, "", `https://[a-z0-9-]+\.okta\.com/`, `<a href="https://acme.okta.com/app/UserHome">Employee login</a>`},
	{"Auth0", webtech.SourceHTML, "", `https://[a-z0-9-]+(?:\.[a-z]{2})?\.auth0\.com/`, `<a href="https://acme.eu.auth0.com/authorize?client_id=x">Log in</a>`},
	{"Sign in with Google", webtech.SourceScript, "", `accounts\.google\.com/gsi/client`, `https://accounts.google.com/gsi/client`},
	{"Sign in with Apple", webtech.SourceScript, "", `appleid\.cdn-apple\.com/appleauth/`, `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js`},
	{"Clerk", webtech.SourceScript, "", `@clerk/clerk-js`, `https://cdn.jsdelivr.net/npm/@clerk/clerk-js@5/dist/clerk.browser.js`},
	{"Microsoft Entra ID", webtech.SourceScript, "", `alcdn\.msauth\.net/`, `https://alcdn.msauth.net/browser/2.38.3/js/msal-browser.min.js`},
	{"Amazon Cognito", webtech.SourceHTML, "", `[a-z0-9-]+\.auth\.[a-z0-9-]+\.amazoncognito\.com`, `<a href="https://acme.auth.eu-west-1.amazoncognito.com/login">Sign in</a>`},
	{"PayPal", webtech.SourceScript, "", `paypal\.com/sdk/js`, `https://www.paypal.com/sdk/js?client-id=abc&currency=EUR`},
	{"Affirm", webtech.SourceScript, "", `cdn1(?:-sandbox)?\.affirm\.com/js/`, `https://cdn1.affirm.com/js/v2/affirm.js`},
	{"Google Pay", webtech.SourceScript, "", `pay\.google\.com/gp/p/js/pay\.js`, `https://pay.google.com/gp/p/js/pay.js`},
	{"Lemon Squeezy", webtech.SourceScript, "", `lemonsqueezy\.com/js/lemon\.js`, `https://app.lemonsqueezy.com/js/lemon.js`},
}

func (x regexpExample) input() webtech.Input {
	switch x.source {
	case webtech.SourceHeader:
		return webtech.Input{Headers: http.Header{x.key: {x.example}}}
	case webtech.SourceMeta:
		return webtech.Input{HTML: []byte(`<meta name="` + x.key + `" content="` + html.EscapeString(x.example) + `">`)}
	case webtech.SourceScript, webtech.SourceLegacyHost:
		return webtech.Input{ScriptSrcs: []string{x.example}}
	case webtech.SourceSnippet:
		return webtech.Input{HTML: []byte("<script>" + x.example + "</script>")}
	case webtech.SourceLink:
		return webtech.Input{Links: []string{x.example}}
	case webtech.SourceIframe:
		return webtech.Input{HTML: []byte(`<iframe src="` + html.EscapeString(x.example) + `"></iframe>`)}
	case webtech.SourceCookie:
		return webtech.Input{Cookies: []string{x.example}}
	default:
		return webtech.Input{HTML: []byte(x.example)}
	}
}

func TestEveryRegexpRuleMatchesItsExample(t *testing.T) {
	t.Parallel()
	type ruleKey struct {
		tech, key, pattern string
		source             webtech.Source
	}
	examples := make(map[ruleKey]regexpExample, len(regexpExamples))
	for _, x := range regexpExamples {
		examples[ruleKey{x.tech, x.key, x.pattern, x.source}] = x
	}
	used := make(map[ruleKey]bool)
	for _, tech := range webtech.Technologies() {
		for _, r := range tech.Rules {
			if r.Kind != webtech.MatchRegexp {
				continue
			}
			k := ruleKey{tech.Name, r.Key, r.Pattern, r.Source}
			x, ok := examples[k]
			if !ok {
				t.Errorf("%s: regexp rule %s has no example in regexpExamples", tech.Name, r)
				continue
			}
			used[k] = true
			h, found := find(webtech.Detect(x.input()), tech.Name)
			if !found {
				t.Errorf("%s: rule %s does not match its example %q", tech.Name, r, x.example)
				continue
			}
			if !slices.ContainsFunc(h.Evidence, func(e webtech.Evidence) bool { return e.Source == r.Source }) {
				t.Errorf("%s: example %q matched without %s evidence: %+v", tech.Name, x.example, r.Source, h.Evidence)
			}
		}
	}
	for k := range examples {
		if !used[k] {
			t.Errorf("stale example for %s %s %q", k.tech, k.source, k.pattern)
		}
	}
}
