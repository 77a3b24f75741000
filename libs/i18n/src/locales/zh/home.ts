/** Home page texts (spec 01 §2 "Home"), Chinese (simplified). Keys mirror ru/home.ts. */
export default {
  meta: {
    title: '阿拉木图商务中心 — 甲级写字楼租赁与出售',
    description:
      '阿拉木图甲级商务中心的办公室、商铺、仓库和联合办公空间租赁与出售。最短租期1个月，停车场可停放500多辆车，经纪人全程协助交易。',
    keywords: '阿拉木图办公室租赁, 甲级商务中心, 商业地产, 商铺, 仓库, 联合办公',
  },
  hero: {
    eyebrow: '阿拉木图甲级商务中心',
    title: '为您的企业提供办公室和商业空间',
    subtitle: '办公室、商铺、仓库和联合办公空间的租赁与出售。我们根据您的需求和预算挑选合适的物业，并全程协助直至签约。',
    formLabel: '房源搜索',
    typeLabel: '物业类型',
    typeAll: '全部类型',
    types: {
      office: '办公室',
      retail: '商铺',
      warehouse: '仓库',
      coworking: '联合办公',
    },
    queryLabel: '关键词',
    queryPlaceholder: '名称、地址或区域',
    submit: '搜索',
    points: {
      rent: '最短租期1个月',
      parking: '500多个停车位',
      security: '24小时安保与门禁',
    },
  },
  stats: {
    title: '商务中心数据一览',
    properties: { value: '150+', label: '目录中的房源' },
    clients: { value: '500+', label: '满意的客户' },
    partners: { value: '500+', label: '合作伙伴' },
    years: { value: '15年', label: '市场经验' },
  },
  featured: {
    title: '推荐房源',
    subtitle: '由我们的经纪人精心挑选的优质房源',
    loading: '正在加载房源...',
    empty: '新的房源即将上线。您可以先浏览房源目录。',
    viewAll: '查看全部房源',
  },
  about: {
    eyebrow: '关于商务中心',
    title: '助力企业发展的空间',
    text: '这座现代化甲级商务中心位于阿拉木图商务区，自2015年起投入运营。全景山景、完善的配套设施和专业的物业管理公司，让办公和接待客户都更加便利。',
    text2: '我们帮助企业寻找办公室、商铺或仓库，并从首次看房到签订合同全程提供支持。',
    facts: {
      class: { value: '甲级', label: '建筑等级' },
      floors: { value: '25层', label: '楼层' },
      area: { value: '120,000平方米', label: '总面积' },
      lifts: { value: '12部', label: '高速电梯' },
    },
    more: '了解更多',
  },
  infrastructure: {
    title: '配套设施',
    subtitle: '工作和休闲所需的一切，就在楼内或步行可达',
    items: {
      banks: { label: '银行', text: '主要银行的网点和自动取款机' },
      restaurants: { label: '餐厅', text: '商务午餐和商务晚宴' },
      coffee: { label: '咖啡馆', text: '外带咖啡和会面场所' },
      fitness: { label: '健身', text: '健身房和团体课程' },
      medical: { label: '医疗', text: '诊所、药店和医务室' },
      shopping: { label: '购物', text: '超市和日常用品' },
      business: { label: '商务服务', text: '会议室、打印和快递服务' },
      education: { label: '教育', text: '培训中心和会议厅' },
    },
  },
  partners: {
    title: '商务中心合作伙伴',
    text: '位于楼内及周边的银行、餐厅、健身俱乐部和各类服务商。租户可享受专属条件和折扣。',
    link: '全部合作伙伴',
  },
  testimonials: {
    title: '客户评价',
    subtitle: '听听已在我们商务中心办公的企业怎么说',
    rating: '评分：{{value}}分（满分{{max}}分）',
    items: {
      saparova: {
        name: '艾格丽姆·萨帕罗娃',
        initials: '艾',
        position: '总经理',
        company: 'Steppe Digital 有限责任合伙企业',
        text: '我们两周内就搬进了新办公室：经纪人按照我们的预算挑选了三个方案，并协助我们确定布局和合同条款。团队一眼就爱上了窗外的山景。',
      },
      kovalev: {
        name: '德米特里·科瓦廖夫',
        initials: '德',
        position: '管理合伙人',
        company: '科瓦廖夫及合伙人律师事务所',
        text: '对我们来说，地址的档次和客户的便利非常重要。有安保的停车场、会议室和楼内咖啡馆，让每次会面都轻松顺利。',
      },
      li: {
        name: '李伟',
        initials: '李',
        position: '区域总监',
        company: 'Silk Road Logistics',
        text: '我们通过同一家中介租下了仓库和办公室。一切都公开透明：合同清晰、租金固定，任何问题都能迅速得到答复。',
      },
    },
  },
  faq: {
    title: '常见问题',
    subtitle: '要点简述。没有找到答案？请联系我们。',
    more: '全部问题与解答',
    items: {
      documents: {
        question: '签订租赁合同需要哪些文件？',
        answer:
          '法人需提供国家注册证明、公司章程、负责人任命文件和公司银行信息；个体经营者需提供身份证和开业通知。签订合同时需支付相当于2-3个月租金的押金。',
      },
      parking: {
        question: '租户和访客有停车场吗？',
        answer: '有。商务中心停车场可停放500多辆车：租户可以租用固定车位，访客可使用访客停车场。',
      },
      shortTerm: {
        question: '可以短期租赁吗？',
        answer: '可以，最短租期为1个月。如需最大的灵活性，可选择配有现成工位和会议室的联合办公空间。',
      },
      utilities: {
        question: '租金是否包含水电等公用事业费用？',
        answer: '视物业而定：租金通常包含物业运营费、安保和公共区域清洁，电费按电表计费。具体条件请见房源页面和租赁合同。',
      },
      renovation: {
        question: '可以装修或改变布局吗？',
        answer: '可以，但需征得业主和物业管理公司的同意。我们将协助您完成方案审批，并在租赁合同中写明工程范围和工期。',
      },
      infrastructure: {
        question: '商务中心有哪些配套设施？',
        answer: '银行、餐厅和咖啡馆、健身俱乐部、医疗中心、商店、会议厅、24小时安保以及12部高速电梯。详情请见商务中心页面。',
      },
    },
  },
};
